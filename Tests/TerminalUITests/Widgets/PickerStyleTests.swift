import Foundation
import StorefrontModel
import Testing
import TerminalUI

/// The 2024 control styles (`compactPicker`, `pagedPicker`, `pagedProminentPicker`) and
/// `preferredSubscriptionOffer`.
@Suite("Picker styles and preferred offers")
struct PickerStyleTests {
    let pass = SubscriptionStoreView(groupID: Fixtures.groupID, marketing: MarketingContent(title: "Backyard Birds Pass"))
        .storeButton(.visible, for: .restorePurchases)

    func render(
        _ view: SubscriptionStoreView, standing: SubscriptionStanding? = .neverSubscribed, state: SubscriptionStoreState = SubscriptionStoreState(),
        plans: [Product] = Fixtures.plans, size: (Int, Int) = (80, 24), language: String = "en"
    ) -> Buffer {
        let options = RenderOptions(language: InterfaceLanguage(matching: language))
        let context = Fixtures.context(options: options)
        let content = view.content(for: .success(plans, unavailable: []), standing: standing, groupDisplayName: "Backyard Birds Pass")
        return screen(width: size.0, height: size.1, title: "Subscriptions", options: options) { area, buffer in
            view.render(content, state: state, context: context, in: area, into: &buffer)
        }
    }

    @Test("Each new style at 80x24 and 40x12, in English and Japanese", arguments: [
        SubscriptionStoreControlStyle.compactPicker, .pagedPicker, .pagedProminentPicker,
    ])
    func snapshots(style: SubscriptionStoreControlStyle) {
        for size in [(80, 24), (40, 12)] {
            for language in ["en", "ja"] {
                let buffer = render(pass.subscriptionStoreControlStyle(style), size: size, language: language)
                assertScreen(buffer, named: "\(style)-\(size.0)x\(size.1)-\(language)")
            }
        }
    }

    @Test("Compact picker: three plans side by side at 80 columns, stacked one a row at 40")
    func compactSideBySide() throws {
        let view = pass.subscriptionStoreControlStyle(.compactPicker)
        let wide = render(view)
        let premium = try #require(row(containing: "Premium Monthly", in: wide))
        #expect(row(containing: "Premium Yearly", in: wide) == premium)
        #expect(row(containing: "Basic Monthly", in: wide) == premium)
        let narrow = render(view, size: (40, 12))
        let stacked = [Fixtures.premiumMonthly, Fixtures.premiumYearly, Fixtures.basicMonthly].compactMap { row(containing: $0.displayName, in: narrow) }
        #expect(stacked.count == 3 && Set(stacked).count == 3)
    }

    @Test("Compact picker with more than three plans stacks")
    func compactManyPlans() {
        let extra = Fixtures.plan("pass.basic.yearly", "Basic Yearly", "49.99", level: 2, period: .init(value: 1, unit: .year))
        let buffer = render(pass.subscriptionStoreControlStyle(.compactPicker), plans: Fixtures.plans + [extra])
        #expect(row(containing: "Premium Monthly", in: buffer) != row(containing: "Premium Yearly", in: buffer))
    }

    @Test("Paged picker: one plan a page with dots; the chosen plan is the page", arguments: [
        SubscriptionStoreControlStyle.pagedPicker, .pagedProminentPicker,
    ])
    func paged(style: SubscriptionStoreControlStyle) {
        let view = pass.subscriptionStoreControlStyle(style)
        let first = render(view).snapshotText()
        #expect(first.contains("Premium Monthly"))
        #expect(!first.contains("Premium Yearly"))
        #expect(first.contains("◉ ○ ○"))
        let second = render(view, state: SubscriptionStoreState(selectedID: Fixtures.premiumYearly.id)).snapshotText()
        #expect(second.contains("Premium Yearly"))
        #expect(!second.contains("Premium Monthly"))
        #expect(second.contains("○ ◉ ○"))
    }

    /// A promotional offer: £2.49 a month for two months.
    static let loyal = Product.SubscriptionOffer(
        id: "loyal", type: .promotional, paymentMode: .payAsYouGo, period: .init(value: 1, unit: .month),
        periodCount: 2, price: Decimal(string: "2.49")!, priceFormatStyle: Fixtures.gbp
    )

    /// Basic Monthly with the promotional offer `loyal`, and these other offers.
    static func basic(introductoryOffer: Product.SubscriptionOffer? = nil, winBackOffers: [Product.SubscriptionOffer] = []) -> Product {
        Fixtures.product(
            "pass.basic.monthly", "Basic Monthly", "4.99", type: .autoRenewable,
            subscription: Product.SubscriptionInfo(
                subscriptionGroupID: Fixtures.groupID, groupLevel: 2, subscriptionPeriod: .init(value: 1, unit: .month),
                introductoryOffer: introductoryOffer, promotionalOffers: [loyal], winBackOffers: winBackOffers
            )
        )
    }

    @Test("preferredSubscriptionOffer picks among the eligible offers; one the customer cannot take is ignored")
    func preferredOffer() throws {
        let promotional = Self.loyal
        let basic = Self.basic(introductoryOffer: Fixtures.basicMonthly.subscription?.introductoryOffer)
        let plans: Product.CollectionTaskState = .success([basic, Fixtures.premiumMonthly], unavailable: [])
        let lapsed = SubscriptionStanding(isEligibleForIntroOffer: false)
        // Signed by the app's server, so the store applies it.
        let view = pass.preferredSubscriptionOffer { _, _, eligible in
            eligible.first { $0.type == .promotional }
        }
        .subscriptionPromotionalOffer(offer: { _, subscription in subscription.promotionalOffers.first }, compactJWS: { _, _, _ in "signed" })
        let content = view.content(for: plans, standing: lapsed)
        let option = try #require(content.options.first { $0.id == basic.id })
        #expect(option.activeOffer == promotional)
        // The used introductory offer is not among the eligible ones.
        #expect(SubscriptionStoreView.eligibleOffers(for: basic, standing: lapsed) == [promotional])
        // A new customer: eligible for the introductory offer only, so the promotional choice is ignored.
        let fresh = view.content(for: plans, standing: .neverSubscribed).options.first { $0.id == basic.id }
        #expect(fresh?.activeOffer == nil)
        // Drawn: the plan says what it applies.
        let text = render(view, standing: lapsed, plans: [basic, Fixtures.premiumMonthly]).snapshotText()
        #expect(text.contains("Special offer: £2.49/month for 2 months, then £4.99/month"))
    }

    @Test("An unsigned promotional offer is never shown: the plan falls back to the best offer the customer can get")
    func unsignedPromotionalOffer() throws {
        let welcomeBack = Product.SubscriptionOffer(
            id: "welcome", type: .winBack, paymentMode: .freeTrial, period: .init(value: 1, unit: .month),
            periodCount: 1, price: 0, priceFormatStyle: Fixtures.gbp
        )
        let basic = Self.basic(winBackOffers: [welcomeBack])
        let plans: Product.CollectionTaskState = .success([basic, Fixtures.premiumMonthly], unavailable: [])
        // No .subscriptionPromotionalOffer: the store would charge the full price for "loyal".
        let view = pass.preferredSubscriptionOffer { product, _, _ in product.subscription?.promotionalOffers.first }
        let churned = SubscriptionStanding(isEligibleForIntroOffer: false, eligibleWinBackOfferIDs: ["welcome"])
        let option = try #require(view.content(for: plans, standing: churned).options.first { $0.id == basic.id })
        #expect(option.activeOffer == welcomeBack)
        #expect(option.purchaseOptions == [.winBackOffer(welcomeBack)])
        let text = render(view, standing: churned, plans: [basic, Fixtures.premiumMonthly]).snapshotText()
        #expect(!text.contains("Special offer"))
        #expect(text.contains("Welcome back: 1 month free, then £4.99/month"))
        // A lapsed customer with no other offer gets none, and is shown none.
        let lapsed = SubscriptionStanding(isEligibleForIntroOffer: false)
        #expect(view.content(for: plans, standing: lapsed).options.first { $0.id == basic.id }?.activeOffer == nil)
        #expect(!render(view, standing: lapsed, plans: [basic, Fixtures.premiumMonthly]).snapshotText().contains("Special offer"))
    }

    @Test("Option groups by service level, as tabs: the chosen tier's plans under a row of tabs")
    func serviceLevelTabs() throws {
        let view = pass.subscriptionStoreOptionGroups(.serviceLevel).subscriptionStoreOptionGroupStyle(.tabs)
        let buffer = render(view)
        let tabs = try #require(row(containing: " Premium ", in: buffer))
        #expect(row(containing: "Basic Monthly", in: buffer) == tabs)  // a tab, not a plan
        #expect(row(containing: "Premium Yearly", in: buffer) != nil)
        let basic = render(view, state: SubscriptionStoreState(selectedID: Fixtures.basicMonthly.id)).snapshotText()
        #expect(!basic.contains("Premium Yearly"))
    }

    @Test("Option groups by period, as links: this period's plans, links to the others under them")
    func periodLinks() {
        let view = pass.subscriptionStoreOptionGroups(.period).subscriptionStoreOptionGroupStyle(.links)
        let text = render(view).snapshotText()
        #expect(text.contains("Basic Monthly"))
        #expect(!text.contains("Premium Yearly"))
        #expect(text.contains("1 year ›"))
        #expect(!text.contains("1 month ›"))
    }

    @Test("Moving a group: the next group's first plan that is not the customer's; the ends stop it")
    func movingGroups() {
        let view = pass.subscriptionStoreOptionGroups(.serviceLevel)
        let content = view.content(for: .success(Fixtures.plans, unavailable: []), standing: .neverSubscribed)
        let start = SubscriptionStoreState()
        #expect(view.selection(movingGroupsBy: 1, in: content, state: start) == Fixtures.basicMonthly.id)
        #expect(view.selection(movingGroupsBy: -1, in: content, state: start) == Fixtures.premiumMonthly.id)
        let onBasic = SubscriptionStoreState(selectedID: Fixtures.basicMonthly.id)
        #expect(view.selection(movingGroupsBy: 1, in: content, state: onBasic) == Fixtures.basicMonthly.id)
    }

    @Test("Option groups, tabs and links, at 80x24 and 40x12, in English and Japanese", arguments: [
        SubscriptionOptionGroupStyle.tabs, .links,
    ])
    func groupSnapshots(style: SubscriptionOptionGroupStyle) {
        let view = pass.subscriptionStoreOptionGroups(style == .tabs ? .serviceLevel : .period).subscriptionStoreOptionGroupStyle(style)
        for size in [(80, 24), (40, 12)] {
            for language in ["en", "ja"] {
                assertScreen(render(view, size: size, language: language), named: "groups-\(style)-\(size.0)x\(size.1)-\(language)")
            }
        }
    }
}
