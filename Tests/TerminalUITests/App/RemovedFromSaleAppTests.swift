import Foundation
import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// A product removed from sale in another terminal (`storefront remove-from-sale`), seen by the
/// running app through the ledger watcher as it sees other changes: the product turns
/// unavailable and cannot be bought, and sells again once put back; a subscriber keeps the
/// plan until the renewal date, then it lapses (`productUnavailable`).
@Suite("Removal from sale in a running app")
struct RemovedFromSaleAppTests {
    static func row(_ product: String, _ app: HeadlessApp) async -> String {
        String(await app.screenText.split(separator: "\n").first { $0.contains(product) } ?? "")
    }

    @Test("Removed elsewhere, the feeder turns Unavailable and Enter buys nothing; put back, it sells again")
    func removedThenPutBack() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.app.press(.down, .down, .enter)  // Feeders & Gear
        #expect(await Self.row("Copper Tube Feeder", shared.app).contains("$4.99"))

        try await shared.other.setRemovedFromSale(true, productID: BackyardBirds.copperFeeder)
        await shared.look()
        let removed = await Self.row("Copper Tube Feeder", shared.app), screen = await shared.app.screenText
        #expect(removed.contains("Unavailable") && !removed.contains("$4.99"), "\(screen)")
        await shared.app.press(.enter, .char("y"))
        let refused = await shared.app.screenText
        #expect(try await shared.other.allTransactions().isEmpty, "nothing to buy: \(refused)")

        try await shared.other.setRemovedFromSale(false, productID: BackyardBirds.copperFeeder)
        await shared.look()
        let back = await shared.app.screenText
        #expect(await Self.row("Copper Tube Feeder", shared.app).contains("$4.99"), "\(back)")
        await shared.app.press(.enter, .char("y"), .enter)
        #expect(await Self.row("Copper Tube Feeder", shared.app).contains("Owned"))
        #expect(try await shared.other.allTransactions().map(\.unsafePayloadValue.productID) == [BackyardBirds.copperFeeder])
    }

    @Test("A subscriber keeps the plan removed from sale until its renewal date, then it lapses: productUnavailable")
    func subscriberLapses() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.subscribeAndOpenPurchases()
        #expect(await shared.app.screenText.contains("renews Feb 1, 2026"))

        try await shared.other.setRemovedFromSale(true, productID: BackyardBirds.sanctuaryMonthly)
        await shared.look()
        let kept = await shared.app.screenText, keptPass = await Self.row("Backyard Birds Pass", shared.app)
        #expect(kept.contains("renews Feb 1, 2026") && !keptPass.contains("not active"), "\(kept)")
        #expect(try await shared.passStatus()?.state == .subscribed, "the plan stays until its renewal date")

        _ = try await shared.other.advanceStoreTime(by: try #require(StoreTimeStep("32d")))
        await shared.look()
        let lapsed = try #require(try await shared.passStatus())
        #expect(lapsed.state == .expired)
        #expect(lapsed.renewalInfo.unsafePayloadValue.expirationReason == .productUnavailable)
        #expect(try await shared.other.allTransactions().count == 1, "it did not renew")
        let screen = await shared.app.screenText, lapsedPass = await Self.row("Backyard Birds Pass", shared.app)
        #expect(!screen.contains("renews") && lapsedPass.contains("not active"), "\(screen)")
    }
}
