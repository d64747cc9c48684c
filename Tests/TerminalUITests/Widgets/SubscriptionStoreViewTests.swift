import Foundation
import StorefrontModel
import Testing
import TerminalUI

@Suite("SubscriptionStoreView screens")
struct SubscriptionStoreViewTests {
    let pass = SubscriptionStoreView(
        groupID: Fixtures.groupID,
        marketing: MarketingContent(title: "Backyard Birds Pass", subtitle: "Fresh seed every month and a seat at the members' feeder.")
    )
    .storeButton(.visible, for: .restorePurchases)

    /// A basic subscriber: Basic Monthly renews on 12 Dec 2026.
    static let basicSubscriber = SubscriptionStanding(
        currentProductID: Fixtures.basicMonthly.id, autoRenewPreference: Fixtures.basicMonthly.id,
        renewalDate: Fixtures.renewal, isEligibleForIntroOffer: false
    )
    /// A premium subscriber: Premium Monthly renews on 12 Dec 2026.
    static let premiumSubscriber = SubscriptionStanding(
        currentProductID: Fixtures.premiumMonthly.id, autoRenewPreference: Fixtures.premiumMonthly.id,
        renewalDate: Fixtures.renewal, isEligibleForIntroOffer: false
    )

    func render(
        _ view: SubscriptionStoreView, standing: SubscriptionStanding? = .neverSubscribed,
        state: SubscriptionStoreState = SubscriptionStoreState(), context: StoreContext = Fixtures.context(policies: Fixtures.policies),
        products: Product.CollectionTaskState = .success(Fixtures.plans, unavailable: []), size: (Int, Int) = (80, 24)
    ) -> Buffer {
        let content = view.content(for: products, standing: standing, groupDisplayName: "Backyard Birds Pass")
        return screen(width: size.0, height: size.1, title: "Subscriptions", options: context.options) { area, buffer in
            view.render(content, state: state, context: context, in: area, into: &buffer)
        }
    }

    @Test("A new customer: plans by level, intro offers, one Try It Free button, at each size", arguments: screenSizes)
    func newCustomer(size: (Int, Int)) {
        let buffer = render(pass, size: size)
        assertScreen(buffer, named: "\(size.0)x\(size.1)")
        let premium = row(containing: "Premium Monthly", in: buffer)!
        let yearly = row(containing: "Premium Yearly", in: buffer)!
        let basic = row(containing: "Basic Monthly", in: buffer)!
        #expect(premium < yearly && yearly < basic)
    }

    @Test("Intro offers show only to eligible customers")
    func eligibility() {
        let eligible = render(pass, standing: .neverSubscribed)
        let ineligible = render(pass, standing: SubscriptionStanding(isEligibleForIntroOffer: false))
        let unknown = render(pass, standing: nil)
        assertScreen(ineligible, named: "ineligible")
        #expect(row(containing: "1 week free, then £9.99/month", in: eligible) != nil)
        #expect(row(containing: "£0.99/month for 3 months, then £4.99/month", in: eligible) != nil)
        #expect(row(containing: "[ Try It Free ]", in: eligible) != nil)
        for buffer in [ineligible, unknown] {
            #expect(row(containing: "free", in: buffer) == nil)
            #expect(row(containing: "[ Subscribe ]", in: buffer) != nil)
        }
    }

    @Test("The current plan is marked, its button disabled; the others say what changing means")
    func currentPlan() {
        let buffer = render(pass, standing: Self.basicSubscriber, state: SubscriptionStoreState(selectedID: Fixtures.basicMonthly.id))
        assertScreen(buffer, named: "80x24")
        let basic = row(containing: "Basic Monthly", in: buffer)!
        #expect(buffer.textLines()[basic].contains("Current plan"))
        #expect(row(containing: "[ Current Plan ]", in: buffer) != nil)
        let button = row(containing: "[ Current Plan ]", in: buffer)!
        let x = column(of: "Current Plan", inRow: button, of: buffer)!
        #expect(buffer.cell(x: x, y: button)?.style.modifiers.contains(.dim) == true)
        #expect(row(containing: "Upgrade", in: buffer) != nil)
        #expect(row(containing: "free", in: buffer) == nil)
    }

    @Test("A downgrade waits for the renewal and says when")
    func downgradeWording() {
        let buffer = render(pass, standing: Self.premiumSubscriber, size: (80, 24))
        assertScreen(buffer, named: "80x24")
        #expect(row(containing: "Downgrade — takes effect on 12 Dec 2026", in: buffer) != nil)
        #expect(row(containing: "Switch Plan — takes effect on 12 Dec 2026", in: buffer) != nil)
    }

    @Test("Each control style", arguments: [SubscriptionStoreControlStyle.picker, .prominentPicker, .buttons])
    func controlStyles(style: SubscriptionStoreControlStyle) {
        for size in [(80, 24), (40, 12)] {
            let buffer = render(pass.subscriptionStoreControlStyle(style), size: size)
            assertScreen(buffer, named: "\(style)-\(size.0)x\(size.1)")
        }
    }

    @Test("Buttons style: one button per plan, named over its price, no separate Subscribe")
    func buttonsStyle() {
        let buffer = render(pass.subscriptionStoreControlStyle(.buttons))
        let lines = buffer.textLines().map { $0.trimmingCharacters(in: .whitespaces) }
        for plan in [Fixtures.premiumMonthly, Fixtures.premiumYearly, Fixtures.basicMonthly] {
            let name = try! #require(lines.firstIndex { $0.hasPrefix("[") && $0.contains(plan.displayName) })
            #expect(lines[name + 1].hasPrefix("[") && lines[name + 1].contains(plan.pricePerPeriod()))
        }
        #expect(row(containing: "Try It Free", in: buffer) == nil)
        #expect(row(containing: "Subscribe", in: buffer) == nil)
    }

    @Test("Button labels compose: price over action, or a name", arguments: [
        (SubscriptionStoreButtonLabel.multiline.price, ["£9.99 / month", "Try It Free"]),
        (.price, ["£9.99 / month"]),
        (.displayName.multiline, ["Premium Monthly", "£9.99 / month"]),
        (.action, ["Try It Free"]),
    ])
    func buttonLabels(label: SubscriptionStoreButtonLabel, lines: [String]) {
        let buffer = render(pass.subscriptionStoreButtonLabel(label))
        let first = row(containing: "[ \(lines[0])", in: buffer)
        #expect(first != nil)
        if lines.count == 2, let first {
            #expect(buffer.textLines()[first + 1].contains(lines[1]))
        }
    }

    @Test("visibleRelationships shows only upgrades for a basic subscriber")
    func relationshipFilter() {
        let upgrades = SubscriptionStoreView(groupID: Fixtures.groupID, visibleRelationships: .upgrade)
        let content = upgrades.content(for: .success(Fixtures.plans, unavailable: []), standing: Self.basicSubscriber)
        #expect(content.options.map(\.id) == [Fixtures.premiumMonthly.id, Fixtures.premiumYearly.id])
        let withCurrent = SubscriptionStoreView(groupID: Fixtures.groupID, visibleRelationships: [.current, .downgrade])
            .content(for: .success(Fixtures.plans, unavailable: []), standing: Self.premiumSubscriber)
        #expect(withCurrent.options.map(\.id) == [Fixtures.premiumMonthly.id, Fixtures.basicMonthly.id])
        let newcomer = upgrades.content(for: .success(Fixtures.plans, unavailable: []), standing: .neverSubscribed)
        #expect(newcomer.options.count == 3)
    }

    @Test("Store buttons: policies from the catalog or the modifier, sign-in only with an action, redeem on request")
    func storeButtons() {
        let context = Fixtures.context(policies: Fixtures.policies)
        #expect(pass.storeButtons(context: context).map(\.role) == [.restorePurchases, .termsOfService, .privacyPolicy])
        let custom = URL(string: "https://example.com/tos")!
        let full = pass
            .storeButton(.visible, for: .redeemCode)
            .subscriptionStoreSignInAction {}
            .subscriptionStorePolicyDestination(url: custom, for: .termsOfService)
        #expect(full.storeButtons(context: context).map(\.role) == [.restorePurchases, .redeemCode, .signIn, .termsOfService, .privacyPolicy])
        #expect(full.storeButtons(context: context).first { $0.role == .termsOfService }?.url == custom)
        #expect(pass.storeButton(.hidden, for: .policies).storeButtons(context: context).map(\.role) == [.restorePurchases])
        #expect(SubscriptionStoreView(groupID: "g").storeButtons(context: Fixtures.context()).isEmpty)
        #expect(SubscriptionStoreView(groupID: "g").storeButtons(context: Fixtures.context(isPresented: true)).map(\.role) == [.close])
        #expect(SubscriptionStoreView(groupID: "g").storeButton(.hidden, for: .signIn).subscriptionStoreSignInAction {}
            .storeButtons(context: Fixtures.context()).isEmpty)
    }

    @Test("A focused policy shows its link under the bar")
    func policyFocus() {
        let buffer = render(pass, state: SubscriptionStoreState(focus: .button(.privacyPolicy)))
        assertScreen(buffer, named: "80x24")
        #expect(row(containing: "https://backyardbirds.example/privacy", in: buffer) != nil)
    }

    @Test("The Redeem Code sheet: the code field with the cursor after the code, then the store's refusal", arguments: [(40, 12), (80, 24)])
    func redeemCodeSheet(size: (Int, Int)) {
        var sheet = RedeemCodeSheet(code: "SEED2026")
        var buffer = render(pass, size: size)
        let area = Rect(x: 0, y: 0, width: size.0, height: size.1)
        sheet.render(in: area, context: Fixtures.context(), into: &buffer)
        assertScreen(buffer, named: "\(size.0)x\(size.1)")
        let field = row(containing: "SEED2026", in: buffer)!
        #expect(sheet.cursorPosition(in: area, context: Fixtures.context()) == Position(x: endColumn(of: "SEED2026", inRow: field, of: buffer)!, y: field))
        sheet.phase = .refused("No offer has the code SEED2026.")
        sheet.render(in: area, context: Fixtures.context(), into: &buffer)
        #expect(row(containing: "No offer has the code", in: buffer) != nil)
    }

    @Test("Loading, failed and empty plan lists", arguments: ["loading", "failure", "empty"])
    func phases(phase: String) {
        let products: Product.CollectionTaskState = switch phase {
        case "loading": .loading
        case "failure": .failure(NetworkDown())
        default: .success([], unavailable: [Fixtures.premiumMonthly.id])
        }
        let buffer = render(pass, products: products, size: (40, 12))
        assertScreen(buffer, named: "\(phase)-40x12")
        #expect(row(containing: "Backyard Birds Pass", in: buffer) != nil)
    }

    @Test("While subscribing, the plan's price spins and the button is disabled")
    func pending() {
        let context = Fixtures.context(pending: Fixtures.premiumMonthly.id)
        let buffer = render(pass, context: context)
        let premium = row(containing: "Premium Monthly", in: buffer)!
        #expect(!buffer.textLines()[premium].contains("£9.99"))
        let button = row(containing: "[ Try It Free ]", in: buffer)!
        let x = column(of: "Try It Free", inRow: button, of: buffer)!
        #expect(buffer.cell(x: x, y: button)?.style.modifiers.contains(.dim) == true)
    }

    @Test("By product IDs, plans keep the given order")
    func productIDsOrder() {
        let view = SubscriptionStoreView(productIDs: [Fixtures.basicMonthly.id, Fixtures.premiumYearly.id])
        let content = view.content(for: .success([Fixtures.basicMonthly, Fixtures.premiumYearly], unavailable: []), standing: nil)
        #expect(content.options.map(\.id) == [Fixtures.basicMonthly.id, Fixtures.premiumYearly.id])
    }

    @Test("Plans of one level are ordered by period; plans of other groups are left out")
    func levelOrder() {
        let weekly = Fixtures.plan("pass.premium.weekly", "Premium Weekly", "2.99", level: 1, period: .init(value: 1, unit: .week))
        let other = Product(
            id: "other.plan", type: .autoRenewable, displayName: "Other", description: "", price: 1, priceFormatStyle: Fixtures.gbp,
            subscription: .init(subscriptionGroupID: "other", groupLevel: 1, subscriptionPeriod: .init(value: 1, unit: .month))
        )
        let content = pass.content(for: .success(Fixtures.plans + [weekly, other], unavailable: []), standing: nil)
        #expect(content.options.map(\.product.displayName) == ["Premium Weekly", "Premium Monthly", "Premium Yearly", "Basic Monthly"])
    }

    @Test("The standing comes from the storefront's entitlements: current plan, next plan, renewal, eligibility")
    func standingFromModel() {
        let transaction = Transaction(
            id: 7, originalID: 7, productID: Fixtures.premiumMonthly.id, productType: .autoRenewable,
            subscriptionGroupID: Fixtures.groupID, purchaseDate: Fixtures.date(2026, 11, 12), expirationDate: Fixtures.renewal
        )
        let renewal = Product.SubscriptionInfo.RenewalInfo(
            originalTransactionID: 7, currentProductID: Fixtures.premiumMonthly.id,
            willAutoRenew: true, autoRenewPreference: Fixtures.basicMonthly.id
        )
        let status = Product.SubscriptionInfo.Status(state: .subscribed, transaction: .verified(transaction), renewalInfo: .verified(renewal))
        let owned = CustomerEntitlements(transactions: [.verified(transaction)], statuses: [status], now: Fixtures.now)
        let standing = SubscriptionStanding(owned.subscriptionGroup(Fixtures.groupID))
        #expect(standing == SubscriptionStanding(
            currentProductID: Fixtures.premiumMonthly.id, autoRenewPreference: Fixtures.basicMonthly.id,
            renewalDate: Fixtures.renewal, isEligibleForIntroOffer: false
        ))
        #expect(SubscriptionStanding(owned.subscriptionGroup("never")) == .neverSubscribed)
    }

    @Test("ASCII and no colour: radio buttons and the box in ASCII, no colours")
    func asciiNoColour() {
        let options = RenderOptions(ascii: true, color: false)
        let context = Fixtures.context(options: options, policies: Fixtures.policies)
        let buffer = render(pass.subscriptionStoreControlStyle(.prominentPicker), standing: Self.premiumSubscriber, context: context)
        assertScreen(buffer, named: "80x24")
        #expect(row(containing: "(*) Premium Yearly", in: buffer) != nil)
        #expect(row(containing: "( ) Basic Monthly", in: buffer) != nil)
        #expect(row(containing: "Downgrade - takes effect on 12 Dec 2026", in: buffer) != nil)
        #expect(!buffer.styleRuns().contains { $0.contains("fg=") })
    }
}
