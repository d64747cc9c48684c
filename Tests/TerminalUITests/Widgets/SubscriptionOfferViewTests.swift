import Foundation
import StorefrontModel
import Testing
import TerminalUI

/// `SubscriptionOfferView`: which plan, which offer, what a purchase applies, how it looks.
@Suite("SubscriptionOfferView")
struct SubscriptionOfferViewTests {
    // A group with every kind of offer: Basic has an introductory offer, a win-back offer
    // and a promotional one; Premium Monthly a free trial; Premium Yearly none.
    static func offer(_ id: String?, _ type: Product.SubscriptionOffer.OfferType, _ mode: Product.SubscriptionOffer.PaymentMode, _ price: String, months: Int) -> Product.SubscriptionOffer {
        Product.SubscriptionOffer(
            id: id, type: type, paymentMode: mode, period: .init(value: 1, unit: .month),
            periodCount: months, price: Decimal(string: price)!, priceFormatStyle: Fixtures.gbp
        )
    }

    static let winBack = offer("basic.welcome.back", .winBack, .freeTrial, "0", months: 1)
    static let promotional = offer("basic.loyal", .promotional, .payAsYouGo, "1.99", months: 3)
    static let basic = Fixtures.product(
        "pass.basic.monthly", "Basic Monthly", "4.99", type: .autoRenewable,
        subscription: Product.SubscriptionInfo(
            subscriptionGroupID: Fixtures.groupID, groupLevel: 2, subscriptionPeriod: .init(value: 1, unit: .month),
            introductoryOffer: offer(nil, .introductory, .payAsYouGo, "0.99", months: 3),
            promotionalOffers: [promotional], winBackOffers: [winBack]
        )
    )
    static let plans: Product.CollectionTaskState = .success([basic, Fixtures.premiumYearly, Fixtures.premiumMonthly], unavailable: [])

    /// A customer whose Basic plan lapsed, with the statuses the store reports for them.
    static func lapsed(winBackIDs: [String]) -> SubscriptionStanding {
        let transaction = Transaction(
            id: 7, originalID: 7, productID: basic.id, productType: .autoRenewable, subscriptionGroupID: Fixtures.groupID,
            purchaseDate: Fixtures.date(2026, 9, 1), expirationDate: Fixtures.date(2026, 10, 1)
        )
        let renewal = Product.SubscriptionInfo.RenewalInfo(
            originalTransactionID: 7, currentProductID: basic.id, willAutoRenew: false, autoRenewPreference: basic.id,
            expirationReason: .autoRenewDisabled, eligibleWinBackOfferIDs: winBackIDs
        )
        let status = Product.SubscriptionInfo.Status(state: .expired, transaction: .verified(transaction), renewalInfo: .verified(renewal))
        let owned = CustomerEntitlements(transactions: [.verified(transaction)], statuses: [status], now: Fixtures.now)
        return SubscriptionStanding(owned.subscriptionGroup(Fixtures.groupID))
    }

    static let promotionalAction: SubscriptionOfferView.PromotionalOfferAction = { product, _ in
        product.subscription?.promotionalOffers.first { $0.type == .promotional }
    }

    @Test("A lapsed customer the store finds eligible sees the win-back offer on the plan they left, before any promotional offer")
    func winBackFirst() {
        let view = SubscriptionOfferView(groupID: Fixtures.groupID).subscriptionPromotionalOffer(offer: Self.promotionalAction, compactJWS: { _, _, _ in "signed by the app's server" })
        let content = view.content(for: Self.plans, standing: Self.lapsed(winBackIDs: ["other.plan.offer", Self.winBack.id!]))
        #expect(content.visibleSubscription?.id == Self.basic.id)
        #expect(content.activeOffer == Self.winBack)
        #expect(content.purchaseOptions == [.winBackOffer(Self.winBack)])
    }

    @Test("Not eligible for win-back: the app's promotional offer; without one, nothing (the introductory offer was used)")
    func promotionalThenNothing() {
        let lapsed = Self.lapsed(winBackIDs: [])
        let withPromotion = SubscriptionOfferView(groupID: Fixtures.groupID).subscriptionPromotionalOffer(offer: Self.promotionalAction, compactJWS: { _, _, _ in "signed by the app's server" })
        #expect(withPromotion.content(for: Self.plans, standing: lapsed).activeOffer == Self.promotional)
        #expect(SubscriptionOfferView(groupID: Fixtures.groupID).content(for: Self.plans, standing: lapsed).activeOffer == nil)
    }

    @Test("A new customer gets the introductory offer, never a promotional one, and a purchase adds no option for it")
    func introductoryForNewCustomers() {
        let view = SubscriptionOfferView(groupID: Fixtures.groupID).subscriptionPromotionalOffer(offer: Self.promotionalAction, compactJWS: { _, _, _ in "signed by the app's server" })
        let content = view.content(for: Self.plans, standing: .neverSubscribed)
        // The group's first plan in level order: Premium Monthly, with its free week.
        #expect(content.visibleSubscription?.id == Fixtures.premiumMonthly.id)
        #expect(content.activeOffer?.type == .introductory)
        #expect(content.purchaseOptions.isEmpty)
    }

    @Test("By relationship to the current plan: upgrade, downgrade, crossgrade, current", arguments: [
        (Product.SubscriptionRelationship.upgrade, Optional(Fixtures.premiumMonthly.id)),  // same period first
        (.downgrade, nil),
        (.crossgrade, nil),
        (.current, Optional(Self.basic.id)),
        (.all, Optional(Fixtures.premiumMonthly.id)),  // the current plan renews next: not for sale
    ])
    func byRelationship(relationship: Product.SubscriptionRelationship, shown: Product.ID?) {
        let basicSubscriber = SubscriptionStanding(currentProductID: Self.basic.id, autoRenewPreference: Self.basic.id, renewalDate: Fixtures.renewal, isEligibleForIntroOffer: false)
        let content = SubscriptionOfferView(groupID: Fixtures.groupID, visibleRelationship: relationship).content(for: Self.plans, standing: basicSubscriber)
        #expect(content.visibleSubscription?.id == shown)
        #expect(content.isPurchasable == (relationship != .current && shown != nil))
    }

    @Test("A premium subscriber asked for a downgrade sees Basic")
    func downgrade() {
        let premium = SubscriptionStanding(currentProductID: Fixtures.premiumMonthly.id, autoRenewPreference: Fixtures.premiumMonthly.id, isEligibleForIntroOffer: false)
        let content = SubscriptionOfferView(groupID: Fixtures.groupID, visibleRelationship: .downgrade).content(for: Self.plans, standing: premium)
        #expect(content.visibleSubscription?.id == Self.basic.id)
    }

    @Test("Until the standing is known nothing is offered")
    func noStandingNoOffer() {
        let content = SubscriptionOfferView(groupID: Fixtures.groupID).content(for: Self.plans, standing: nil)
        #expect(content.activeOffer == nil)
        #expect(!content.isPurchasable)
    }

    // MARK: Drawn

    static func drawn(_ view: SubscriptionOfferView, standing: SubscriptionStanding?, width: Int, height: Int, language: InterfaceLanguage = .english) -> Buffer {
        let options = RenderOptions(language: language)
        let content = view.content(for: plans, standing: standing, groupDisplayName: "Backyard Birds Pass")
        return screen(width: width, height: height, options: options) { area, buffer in
            view.render(content, context: Fixtures.context(options: options), in: area, into: &buffer)
        }
    }

    @Test("Automatic and compact, at 80x24 and 40x12, in English and Japanese", arguments: [
        (SubscriptionOfferView.Style.automatic, 80, 24, "en"), (.automatic, 40, 12, "en"), (.compact, 80, 24, "en"), (.compact, 40, 12, "en"),
        (.automatic, 80, 24, "ja"), (.automatic, 40, 12, "ja"), (.compact, 80, 24, "ja"), (.compact, 40, 12, "ja"),
    ])
    func snapshots(style: SubscriptionOfferView.Style, width: Int, height: Int, language: String) {
        let view = SubscriptionOfferView(groupID: Fixtures.groupID).subscriptionOfferViewStyle(style)
        let buffer = Self.drawn(view, standing: Self.lapsed(winBackIDs: [Self.winBack.id!]), width: width, height: height, language: InterfaceLanguage(matching: language))
        assertScreen(buffer, named: "\(style)-\(width)x\(height)-\(language)")
    }

    @Test("The win-back terms and, for a free month, the Try It Free button show, the terms in full at 80 columns")
    func winBackWording() {
        let view = SubscriptionOfferView(groupID: Fixtures.groupID)
        let text = Self.drawn(view, standing: Self.lapsed(winBackIDs: [Self.winBack.id!]), width: 80, height: 24).snapshotText()
        #expect(text.contains("Welcome back: 1 month free, then £4.99/month"))
        #expect(text.contains("[ Try It Free ]"))
        #expect(text.contains("Basic Monthly"))
    }

    @Test("Compact, narrower than name and button: the button goes under the terms")
    func compactNarrow() {
        let view = SubscriptionOfferView(groupID: Fixtures.groupID).subscriptionOfferViewStyle(.compact)
        let buffer = Self.drawn(view, standing: Self.lapsed(winBackIDs: [Self.winBack.id!]), width: 24, height: 12)
        let name = row(containing: "Basic Monthly", in: buffer)
        let button = row(containing: "Try It Free", in: buffer)
        #expect(name != nil && button != nil)
        #expect((button ?? 0) > (name ?? 0))
    }
}
