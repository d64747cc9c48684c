import Foundation
import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// `forceRenewalOfSubscription` (`storefront renew`) in another terminal reaches the running
/// app: a renewal now shows as the new renewal date, a renewal failed now as the billing issue.
@Suite("A forced renewal in a running app")
struct ForcedRenewalAppTests {
    /// The app bought Sanctuary Monthly on 1 January and shows its picker; store time is 11 January.
    private func subscribed() async throws -> SharedLedgerHarness {
        let shared = try await SharedLedgerHarness.make()
        await shared.app.press(.enter)              // Backyard Birds Pass
        await shared.app.press(.enter, .char("y"))  // Sanctuary Monthly
        await shared.app.press(.enter)              // OK
        _ = try await shared.other.advanceStoreTime(by: try #require(StoreTimeStep("10d")))
        await shared.look()
        return shared
    }

    @Test("Renewed elsewhere: Your Purchases shows the renewal date a month from now")
    func renewedElsewhere() async throws {
        let shared = try await subscribed()
        defer { shared.close() }
        await shared.app.press(.esc, .end, .enter)  // back, Your Purchases
        #expect(await shared.app.screenText.contains("renews Feb 1, 2026"))
        try await shared.other.forceRenewalOfSubscription(productIdentifier: BackyardBirds.sanctuaryMonthly)
        await shared.look()
        let screen = await shared.app.screenText
        #expect(screen.contains("renews Feb 11, 2026"), "\(screen)")
    }

    @Test("Failed elsewhere: the plan says to update the payment method and gives no access")
    func failedElsewhere() async throws {
        let shared = try await subscribed()
        defer { shared.close() }
        #expect(await shared.app.screenText.contains("Current plan"))
        try await shared.other.forceRenewalOfSubscription(productIdentifier: BackyardBirds.sanctuaryMonthly, billingFails: true)
        await shared.look()
        let screen = await shared.app.screenText
        #expect(screen.contains("Update your payment method"), "\(screen)")
        #expect(!screen.contains("Current plan"), "billing retry gives no access")
    }
}
