import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTesting
import Testing
import TerminalUI

/// A Grove Monthly subscriber whose 1 February renewal failed for billing opens the store:
/// StoreKit's Billing Problem message, and the picker saying to update the payment method,
/// until the billing issue is resolved, over the local store with the Backyard Birds catalog.
@Suite("Billing issues in the app")
struct BillingIssueTests {
    /// An app opened on 5 February, four days after Grove Monthly failed to renew: in its
    /// grace period with `grace`, else in billing retry.
    static func failedRenewal(grace: Bool, options: AppOptions = AppOptions()) async throws -> AppHarness {
        let catalog = try BackyardBirds.catalog()
        let clock = VirtualClock()
        var controls = StoreControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriod = grace
        let store = LocalStore(
            catalog: catalog, ledger: try Ledger(location: .inMemory),
            clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch), controls: controls
        )
        if case .success(.verified(let transaction)) = try await store.buy(BackyardBirds.groveMonthly) {
            try await store.finish(transaction)
        }
        _ = try await store.advanceStoreTime(by: try #require(StoreTimeStep("35d")))
        return try await AppHarness.opening(store, clock: clock, catalog: catalog, options: options)
    }

    @Test("In a grace period the store opens on the Billing Problem sheet; Continue opens the picker, which says to update the payment method")
    func sheetThenPicker() async throws {
        let harness = try await Self.failedRenewal(grace: true)
        #expect(await harness.shows("Billing Problem"))
        #expect(await harness.shows("Grove Monthly"))
        #expect(await harness.shows("could not be renewed"))
        #expect(await harness.shows("Not Now"))
        await harness.app.press(.enter)  // Continue
        #expect(!(await harness.shows("Billing Problem")))
        #expect(await harness.shows("Update your payment method"))
        #expect(await harness.shows("Current plan"), "a grace period keeps the plan")
        #expect(try await harness.store.allTransactions().count == 1, "Continue buys nothing")
    }

    @Test("In billing retry the lapsed plan says to update the payment method; resolving the issue clears it in the running app")
    func recoveredWhileRunning() async throws {
        let harness = try await Self.failedRenewal(grace: false, options: AppOptions().onStoreMessage { _ in .suppress })
        #expect(!(await harness.shows("Billing Problem")), "the app suppressed the message")
        await harness.app.press(.enter)  // Backyard Birds Pass
        #expect(await harness.shows("Update your payment method"))
        #expect(!(await harness.shows("Current plan")), "billing retry gives no access")

        let first = try #require(try await harness.store.allTransactions().first?.verifiedValue)
        try await harness.store.resolveBillingIssue(forTransaction: Int64(first.id))
        await harness.app.settle()
        #expect(!(await harness.shows("Update your payment method")))
        #expect(await harness.shows("Current plan"))
    }

    @Test("A subscriber whose renewals go through gets no Billing Problem sheet")
    func noIssue() async throws {
        let harness = try await AppHarness.make()
        _ = try await harness.store.buy(BackyardBirds.groveMonthly)
        await harness.app.press(.enter)
        #expect(await harness.shows("Current plan"))
        #expect(!(await harness.shows("Update your payment method")))
        #expect(!(await harness.shows("Billing Problem")))
    }
}
