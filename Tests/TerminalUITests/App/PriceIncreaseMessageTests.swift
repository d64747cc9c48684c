import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTesting
import Testing
import TerminalUI

/// A Sanctuary Monthly subscriber ($9.99) whose price rose to $12.99 with consent required:
/// the App Store's price-increase consent sheet, and the answer reaching the ledger, over
/// the local store with the Backyard Birds catalog.
@Suite("Price-increase consent in the app")
struct PriceIncreaseMessageTests {
    static let raised = Decimal(string: "12.99")!

    /// A subscriber whose price rose before the app opened (or, `raisedLater`, while it runs).
    static func subscriber(
        width: Int = 80, height: Int = 24, language: String = "en", raisedLater: Bool = false
    ) async throws -> (AppHarness, Transaction) {
        try await AppHarness.customer(
            buying: BackyardBirds.sanctuaryMonthly, width: width, height: height, language: language,
            beforeOpening: { store in
                if !raisedLater { try await store.increasePrice(of: BackyardBirds.sanctuaryMonthly, to: raised) }
            }
        )
    }

    /// The renewal info the store gives now.
    private func renewal(_ harness: AppHarness) async throws -> Product.SubscriptionInfo.RenewalInfo? {
        let plan = try await harness.store.products(for: [BackyardBirds.sanctuaryMonthly]).first
        let groupID = try #require(plan?.subscription?.subscriptionGroupID)
        return try await harness.store.subscriptionStatuses(for: groupID).first?.renewalInfo.verifiedValue
    }

    @Test("The sheet at 80x24 and 40x12, in English and Japanese", arguments: [(80, 24), (40, 12)], ["en", "ja"])
    func snapshots(size: (Int, Int), language: String) async throws {
        let (harness, _) = try await Self.subscriber(width: size.0, height: size.1, language: language)
        #expect(await harness.shows(language == "en" ? "Price Increase" : "料金の値上げ"))
        assertScreen(await harness.app.render(), named: "sheet-\(size.0)x\(size.1)-\(language)")
    }

    @Test("Agree: the store records the consent; the renewal will bill $12.99")
    func agree() async throws {
        let (harness, _) = try await Self.subscriber()
        #expect(await harness.shows("Renews at $12.99/month"))
        #expect(await harness.shows("[ Agree ]"))
        #expect(await harness.shows("[ Decline ]"))
        #expect(try await renewal(harness)?.priceIncreaseStatus == .pending)
        await harness.app.press(.enter)  // Agree
        #expect(!(await harness.shows("Price Increase")))
        let info = try await renewal(harness)
        #expect(info?.priceIncreaseStatus == .agreed && info?.renewalPrice == Self.raised && info?.willAutoRenew == true)
    }

    @Test("Decline: the store records it; the subscription will not renew")
    func decline() async throws {
        let (harness, _) = try await Self.subscriber()
        await harness.app.press(.tab, .enter)  // Decline
        #expect(!(await harness.shows("Price Increase")))
        let info = try await renewal(harness)
        #expect(info?.priceIncreaseStatus == .pending && info?.willAutoRenew == false)
    }

    @Test("A price raised while the app runs: the sheet comes then, once")
    func raisedWhileRunning() async throws {
        let (harness, _) = try await Self.subscriber(raisedLater: true)
        #expect(await harness.shows("Backyard Birds Pass"))
        #expect(!(await harness.shows("Price Increase")))
        try await harness.store.increasePrice(of: BackyardBirds.sanctuaryMonthly, to: Self.raised)
        await harness.app.settle()  // the store's status change reaches the app
        #expect(await harness.shows("Price Increase"))
        await harness.app.press(.enter)
        #expect(!(await harness.shows("Price Increase")))
        #expect(try await renewal(harness)?.priceIncreaseStatus == .agreed)
    }
}
