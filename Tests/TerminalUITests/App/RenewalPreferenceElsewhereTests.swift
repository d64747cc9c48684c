import Foundation
import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// The customer's renewal choices made in another terminal (`storefront auto-renew`, `buy` of
/// a lower plan and then of the current one), and a price increase left unanswered, reach the
/// running app's Your Purchases.
@Suite("Renewal preferences from another terminal")
struct RenewalPreferenceElsewhereTests {
    @Test("Auto-renew off, then on; a downgrade, then cancelled: Your Purchases follows each")
    func autoRenewAndCancelledDowngrade() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.subscribeAndOpenPurchases()
        #expect(await shared.app.screenText.contains("renews Feb 1, 2026"))
        let bought = try #require(try await shared.other.allTransactions().first?.verifiedValue)

        func shows(_ text: String, _ what: Comment) async {
            await shared.look()
            let screen = await shared.app.screenText
            #expect(screen.contains(text), "\(what):\n\(screen)")
        }
        try await shared.other.setAutoRenew(false, forTransaction: Int64(bought.id))
        await shows("ends Feb 1, 2026", "auto-renew off")
        try await shared.other.setAutoRenew(true, forTransaction: Int64(bought.id))
        await shows("renews Feb 1, 2026", "auto-renew on again")
        _ = try await shared.other.buy(BackyardBirds.groveMonthly)
        await shows("changes to Grove Monthly on Feb 1, 2026", "a downgrade for the renewal")
        _ = try await shared.other.buy(BackyardBirds.sanctuaryMonthly)
        await shows("renews Feb 1, 2026", "the downgrade cancelled")
    }

    @Test("A price increase never answered: at the renewal date the plan lapses in the running app, didNotConsentToPriceIncrease")
    func priceIncreaseUnanswered() async throws {
        let shared = try await SharedLedgerHarness.make(options: AppOptions().onStoreMessage { _ in .suppress })
        defer { shared.close() }
        await shared.subscribeAndOpenPurchases()
        try await shared.other.increasePrice(of: BackyardBirds.sanctuaryMonthly, to: Decimal(string: "12.99")!)
        await shared.look()
        #expect(await shared.app.screenText.contains("renews Feb 1, 2026"))

        _ = try await shared.other.advanceStoreTime(by: try #require(StoreTimeStep("32d")))
        await shared.look()
        let status = try #require(try await shared.passStatus())
        #expect(status.state == .expired)
        #expect(status.renewalInfo.unsafePayloadValue.expirationReason == .didNotConsentToPriceIncrease)
        let screen = await shared.app.screenText
        #expect(!screen.contains("renews"), "\(screen)")
    }
}
