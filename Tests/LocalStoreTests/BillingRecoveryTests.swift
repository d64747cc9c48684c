import Foundation
import LocalStore
import StorefrontModel
import Testing

/// Dates in the fixtures' UTC calendar, from `Fixtures.epoch` (1 January 2026).
private func day(_ month: Int, _ day: Int) -> Date {
    Calendar(identifier: .gregorian).date(from: DateComponents(timeZone: .gmt, year: 2026, month: month, day: day)) ?? .distantPast
}

private let dayLength: Duration = .seconds(86_400)

/// `resolveBillingIssue(forTransaction:)`, StoreKit Testing's `resolveIssueForTransaction`, on
/// both engines: a Gold Monthly bought on 1 January whose 1 February renewal fails for billing
/// (a 16-day grace period to 17 February, then billing retry).
@Suite("Billing recovery")
struct BillingRecoveryTests {
    private func failing(_ engine: Engine) async throws -> (StoreHarness, Transaction) {
        var controls = StoreControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriod = true
        let harness = try await StoreHarness(engine: engine, controls: controls)
        return (harness, try await harness.buy("pass.gold.monthly"))
    }

    @Test("Resolved in the grace period: the renewal keeps its date, DID_RENEW BILLING_RECOVERY, retry and grace end", arguments: Engine.allCases)
    func inGracePeriod(engine: Engine) async throws {
        let (harness, first) = try await failing(engine)
        var updates = await harness.store.updates().makeAsyncIterator()
        harness.clock.advance(by: dayLength * 36)  // 6 February
        _ = try await harness.store.recordDueNotifications()
        let grace = try #require(try await harness.status("pass").renewalInfo.verifiedValue)
        #expect(grace.isInBillingRetry && grace.gracePeriodExpirationDate == day(2, 17))

        let recovered = try await harness.store.resolveBillingIssue(forTransaction: Int64(first.id)).transaction
        #expect(recovered.originalID == Int64(first.id))
        #expect(recovered.purchaseDate == day(2, 1) && recovered.expirationDate == day(3, 1), "the renewal date stays")
        #expect(await updates.nextTransaction()?.verifiedValue?.id == UInt64(recovered.id))
        let status = try await harness.status("pass")
        #expect(status.state == .subscribed)
        #expect(status.renewalInfo.verifiedValue?.isInBillingRetry == false)
        #expect(status.renewalInfo.verifiedValue?.gracePeriodExpirationDate == nil)
        #expect(try await harness.notificationKinds() == [
            "SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW GRACE_PERIOD", "DID_RENEW BILLING_RECOVERY",
        ])

        // Billing still fails: the next renewal fails again, with a grace period of its own.
        harness.clock.advance(by: dayLength * 24)  // 2 March
        let again = try await harness.status("pass")
        #expect(again.state == .inGracePeriod && again.renewalInfo.verifiedValue?.gracePeriodExpirationDate == day(3, 17))
    }

    @Test("Resolved in billing retry: the access comes back and the new period starts at the recovery", arguments: Engine.allCases)
    func inBillingRetry(engine: Engine) async throws {
        let (harness, first) = try await failing(engine)
        harness.clock.advance(by: dayLength * 50)  // 20 February
        _ = try await harness.store.recordDueNotifications()
        let retry = try await harness.status("pass")
        #expect(retry.state == .inBillingRetryPeriod)
        #expect(retry.renewalInfo.verifiedValue?.isInBillingRetry == true && retry.renewalInfo.verifiedValue?.gracePeriodExpirationDate == nil)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.isEmpty)

        let recovered = try await harness.store.resolveBillingIssue(forTransaction: Int64(first.id)).transaction
        #expect(recovered.purchaseDate == day(2, 20) && recovered.expirationDate == day(3, 20))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.gold.monthly"])
        #expect(try await harness.notificationKinds() == [
            "SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "DID_RENEW BILLING_RECOVERY",
        ])
    }

    @Test("Nothing to resolve: a subscription that renews, or one that expired past billing retry, is refused", arguments: Engine.allCases)
    func refused(engine: Engine) async throws {
        let (harness, first) = try await failing(engine)
        await #expect(throws: BillingIssueError.noBillingIssue(originalTransactionID: Int64(first.id), productID: "pass.gold.monthly", state: .subscribed)) {
            try await harness.store.resolveBillingIssue(forTransaction: Int64(first.id))
        }
        harness.clock.advance(by: dayLength * 100)  // 11 April: billing retry is over
        await #expect(throws: BillingIssueError.noBillingIssue(originalTransactionID: Int64(first.id), productID: "pass.gold.monthly", state: .expired)) {
            try await harness.store.resolveBillingIssue(forTransaction: Int64(first.id))
        }
        await #expect(throws: LedgerError.self) { try await harness.store.resolveBillingIssue(forTransaction: 999) }
        #expect(try await harness.store.allTransactions().count == 1)
    }
}
