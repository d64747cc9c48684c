import Foundation
import LocalStore
import StorefrontModel
import Testing

/// Dates in the fixtures' UTC calendar, from `Fixtures.epoch` (1 January 2026).
private func day(_ month: Int, _ day: Int) -> Date {
    Calendar(identifier: .gregorian).date(from: DateComponents(timeZone: .gmt, year: 2026, month: month, day: day)) ?? .distantPast
}

private let dayLength: Duration = .seconds(86_400)

/// `forceRenewalOfSubscription`, StoreKit Testing's control, on both engines: a Gold Monthly
/// bought on 1 January (renewal date 1 February) renewed, or failing to, on 11 January.
@Suite("Forced renewal")
struct ForcedRenewalTests {
    private func subscriber(_ engine: Engine, gracePeriod: Bool = false) async throws -> (StoreHarness, Transaction) {
        var controls = StoreControls()
        controls.billingGracePeriod = gracePeriod
        let harness = try await StoreHarness(engine: engine, controls: controls)
        let first = try await harness.buy("pass.gold.monthly")
        harness.clock.advance(by: dayLength * 10)  // 11 January
        return (harness, first)
    }

    @Test("Renewed now: the period ends now, the next begins (DID_RENEW, sent to updates), and the renewal date moves", arguments: Engine.allCases)
    func renewNow(engine: Engine) async throws {
        let (harness, first) = try await subscriber(engine)
        var updates = await harness.store.updates().makeAsyncIterator()
        let renewal = try await harness.store.forceRenewalOfSubscription(productIdentifier: "pass.gold.monthly").transaction
        #expect(renewal.originalID == Int64(first.id) && renewal.id != Int64(first.id))
        #expect(renewal.purchaseDate == day(1, 11) && renewal.expirationDate == day(2, 11))
        #expect(await updates.nextTransaction()?.verifiedValue?.id == UInt64(renewal.id))
        let entries = try await harness.store.entries()
        #expect(entries.first?.transaction.expirationDate == day(1, 11), "the period in force ended now")
        let status = try await harness.status("pass")
        #expect(status.state == .subscribed && status.transaction.verifiedValue?.id == UInt64(renewal.id))
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "DID_RENEW"])

        harness.clock.advance(by: dayLength * 22)  // 2 February: no renewal on the old date
        #expect(try await harness.store.allTransactions().count == 2)
        harness.clock.advance(by: dayLength * 10)  // 12 February: the new renewal date has passed
        #expect(try await harness.status("pass").transaction.verifiedValue?.purchaseDate == day(2, 11))
    }

    @Test("Failed now: billing retry at once, DID_FAIL_TO_RENEW, no access, held until recovered", arguments: Engine.allCases)
    func failNow(engine: Engine) async throws {
        let (harness, first) = try await subscriber(engine)
        let lapsed = try await harness.store.forceRenewalOfSubscription(transactionID: Int64(first.id), billingFails: true).transaction
        #expect(lapsed.id == Int64(first.id) && lapsed.expirationDate == day(1, 11))
        let retry = try await harness.status("pass")
        #expect(retry.state == .inBillingRetryPeriod)
        #expect(retry.renewalInfo.verifiedValue?.isInBillingRetry == true && retry.renewalInfo.verifiedValue?.gracePeriodExpirationDate == nil)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.isEmpty)
        // Billing works for this store, yet the failed renewal holds: nothing renews on its own.
        harness.clock.advance(by: dayLength * 5)
        #expect(try await harness.status("pass").state == .inBillingRetryPeriod)
        _ = try await harness.store.recordDueNotifications()
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW"], "told once")

        let recovered = try await harness.store.resolveBillingIssue(forTransaction: Int64(first.id)).transaction
        #expect(recovered.purchaseDate == day(1, 16))
        #expect(try await harness.status("pass").state == .subscribed)
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW", "DID_RENEW BILLING_RECOVERY"])
    }

    @Test("Failed now with the grace option: a grace period from now, DID_FAIL_TO_RENEW GRACE_PERIOD, access kept", arguments: Engine.allCases)
    func failIntoGrace(engine: Engine) async throws {
        let (harness, first) = try await subscriber(engine, gracePeriod: true)
        try await harness.store.forceRenewalOfSubscription(transactionID: Int64(first.id), billingFails: true)
        let grace = try await harness.status("pass")
        #expect(grace.state == .inGracePeriod)
        #expect(grace.renewalInfo.verifiedValue?.isInBillingRetry == true && grace.renewalInfo.verifiedValue?.gracePeriodExpirationDate == day(1, 27))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.gold.monthly"])
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW GRACE_PERIOD"])
        harness.clock.advance(by: dayLength * 20)  // 31 January: the grace period is over
        #expect(try await harness.status("pass").state == .inBillingRetryPeriod)
    }

    @Test("Refused: an unknown transaction, another kind of product, a subscription expired, refunded or in billing retry", arguments: Engine.allCases)
    func refused(engine: Engine) async throws {
        let (harness, first) = try await subscriber(engine)
        let coins = try await harness.buy("coins")
        await #expect(throws: LedgerError.transactionNotFound(id: 999)) {
            try await harness.store.forceRenewalOfSubscription(transactionID: 999)
        }
        await #expect(throws: LedgerError.notAnAutoRenewableSubscription(id: Int64(coins.id), productID: "coins")) {
            try await harness.store.forceRenewalOfSubscription(transactionID: Int64(coins.id))
        }
        await #expect(throws: ForcedRenewalError.noSubscription(productID: "pass.silver.monthly")) {
            try await harness.store.forceRenewalOfSubscription(productIdentifier: "pass.silver.monthly")
        }
        try await harness.store.forceRenewalOfSubscription(transactionID: Int64(first.id), billingFails: true)
        let inRetry = ForcedRenewalError.notInForce(originalTransactionID: Int64(first.id), productID: "pass.gold.monthly", state: .inBillingRetryPeriod)
        await #expect(throws: inRetry) { try await harness.store.forceRenewalOfSubscription(transactionID: Int64(first.id)) }
        #expect(inRetry.description.contains("resolve its billing issue instead"))
        harness.clock.advance(by: dayLength * 70)  // billing retry is over
        await #expect(throws: ForcedRenewalError.notInForce(originalTransactionID: Int64(first.id), productID: "pass.gold.monthly", state: .expired)) {
            try await harness.store.forceRenewalOfSubscription(transactionID: Int64(first.id))
        }
        let extras = try await harness.buy("extras.monthly")
        try await harness.store.refund(transactionID: Int64(extras.id))
        await #expect(throws: ForcedRenewalError.notInForce(originalTransactionID: Int64(extras.id), productID: "extras.monthly", state: .revoked)) {
            try await harness.store.forceRenewalOfSubscription(transactionID: Int64(extras.id))
        }
    }

    @Test("Auto-renew off: no renewal now either; the subscription expires now", arguments: Engine.allCases)
    func autoRenewOff(engine: Engine) async throws {
        let (harness, first) = try await subscriber(engine)
        try await harness.store.setAutoRenew(false, forTransaction: Int64(first.id))
        let ended = try await harness.store.forceRenewalOfSubscription(transactionID: Int64(first.id)).transaction
        #expect(ended.id == Int64(first.id) && ended.expirationDate == day(1, 11))
        let status = try await harness.status("pass")
        #expect(status.state == .expired && status.renewalInfo.verifiedValue?.expirationReason == .autoRenewDisabled)
    }

    @Test("A renewal billing fails is told as it fails, with no sweep while it lasts: one big advance, then a recovery", arguments: Engine.allCases)
    func failureToldWithoutSweep(engine: Engine) async throws {
        var controls = StoreControls()
        controls.billingRetryOnRenewal = true
        let harness = try await StoreHarness(engine: engine, controls: controls)
        let first = try await harness.buy("pass.gold.monthly")
        _ = try await harness.store.advanceStoreTime(by: try #require(StoreTimeStep("40d")))
        try await harness.store.resolveBillingIssue(forTransaction: Int64(first.id))
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW", "DID_RENEW BILLING_RECOVERY"])
    }
}
