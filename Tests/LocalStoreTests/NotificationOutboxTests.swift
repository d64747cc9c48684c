import Foundation
import LocalStore
import StorefrontModel
import Testing

private let day: Duration = .seconds(86_400)

/// The notifications outbox on both engines: what each ledger change records, in the same
/// database transaction, and how delivery rounds take them out.
@Suite("Notifications outbox")
struct NotificationOutboxTests {
    private func kinds(_ harness: StoreHarness) async throws -> [String] {
        try await harness.notificationKinds()
    }

    @Test("Each change records Apple's notification type and subtype, in the order it happened", arguments: Engine.allCases)
    func eachChange(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let coins = try await harness.buy("coins")
        _ = try await harness.buy("pass.bronze.monthly")
        harness.clock.advance(by: day * 31)
        _ = try await harness.store.recordDueNotifications()  // the February renewal
        _ = try await harness.buy("pass.gold.monthly")  // an upgrade: at once
        let gold = try await harness.buy("pass.bronze.monthly")  // a downgrade: at the renewal
        try await harness.store.setAutoRenew(false, forTransaction: Int64(gold.id))
        _ = try await harness.ledger.requestRefund(id: Int64(coins.id))
        _ = try await harness.ledger.requestRefund(id: Int64(coins.id))  // asked once
        try await harness.store.refund(transactionID: Int64(coins.id))
        harness.clock.advance(by: day * 40)
        _ = try await harness.store.recordDueNotifications()
        _ = try await harness.store.recordDueNotifications()  // finds nothing new
        #expect(try await kinds(harness) == [
            "ONE_TIME_CHARGE", "SUBSCRIBED INITIAL_BUY", "DID_RENEW", "DID_CHANGE_RENEWAL_PREF UPGRADE",
            "DID_CHANGE_RENEWAL_PREF DOWNGRADE", "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED", "CONSUMPTION_REQUEST", "REFUND",
            "EXPIRED VOLUNTARY",
        ])
    }

    @Test("A failed renewal with a grace period: the failure, the grace period's end, then the expiry", arguments: Engine.allCases)
    func billingFailure(engine: Engine) async throws {
        var controls = StoreControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriod = true
        let harness = try await StoreHarness(engine: engine, controls: controls)
        _ = try await harness.buy("pass.bronze.monthly")
        harness.clock.advance(by: day * 32)
        _ = try await harness.store.recordDueNotifications()
        #expect(try await kinds(harness) == ["SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW GRACE_PERIOD"])
        harness.clock.advance(by: day * 20)
        _ = try await harness.store.recordDueNotifications()
        harness.clock.advance(by: day * 60)
        let next = try await harness.store.recordDueNotifications()
        #expect(next == nil, "nothing more happens to a chain that expired")
        #expect(try await kinds(harness) == [
            "SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "EXPIRED BILLING_RETRY",
        ])
    }

    @Test("Ask to Buy: nothing while the request waits, the purchase once approved", arguments: Engine.allCases)
    func askToBuy(engine: Engine) async throws {
        var controls = StoreControls()
        controls.askToBuy = true
        let harness = try await StoreHarness(engine: engine, controls: controls)
        let outcome = try await harness.store.buy("pass.bronze.monthly", options: [])
        guard case .pending(let request) = outcome else { throw FixtureError.notBought("pass.bronze.monthly", outcome.purchaseResult) }
        #expect(try await kinds(harness) == [])
        _ = try await harness.store.approveAskToBuy(requestID: request.id)
        #expect(try await kinds(harness) == ["SUBSCRIBED INITIAL_BUY"])
    }

    @Test("A subscription taken up again after it lapsed is SUBSCRIBED RESUBSCRIBE", arguments: Engine.allCases)
    func resubscribe(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let first = try await harness.buy("pass.bronze.monthly")
        try await harness.store.setAutoRenew(false, forTransaction: Int64(first.id))
        harness.clock.advance(by: day * 40)
        let again = try await harness.buy("pass.bronze.monthly")
        #expect(again.originalID == first.id)
        #expect(try await kinds(harness) == [
            "SUBSCRIBED INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED", "SUBSCRIBED RESUBSCRIBE",
        ])
    }

    @Test("A purchase that fails records no notification; one asked again records it once", arguments: Engine.allCases)
    func atomic(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let attempt = UUID()
        let purchase = LedgerPurchase(productID: "coins", productType: .consumable, purchaseDate: Fixtures.epoch, storefront: "USA")
        _ = try await harness.ledger.recordPurchase(purchase, attemptID: attempt)
        _ = try await harness.ledger.recordPurchase(purchase, attemptID: attempt)
        var other = purchase
        other.productID = "lifetime"
        await #expect(throws: LedgerError.self) { try await harness.ledger.recordPurchase(other, attemptID: attempt) }
        #expect(try await kinds(harness) == ["ONE_TIME_CHARGE"])
    }

    @Test("Delivery rounds: one original transaction's notifications go in order, each done or rescheduled", arguments: Engine.allCases)
    func rounds(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let coins = try await harness.buy("coins")
        try await harness.store.refund(transactionID: Int64(coins.id))
        let pass = try await harness.buy("pass.bronze.monthly")
        let now = Date()
        var due = try await harness.ledger.dueNotifications(at: now, limit: 20)
        // The refund waits behind the purchase it refunds.
        #expect(due.map(\.transactionID) == [Int64(coins.id), Int64(pass.id)])
        let failed = NotificationAttempt(notificationID: due[0].id, url: "http://hook", date: 1, result: "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
        try await harness.ledger.recordAttempts([failed], of: due[0], signedPayload: "first", nextAttemptAt: now + 3600)
        due = try await harness.ledger.dueNotifications(at: now, limit: 20)
        #expect(due.map(\.transactionID) == [Int64(pass.id)], "a purchase waiting for its retry holds back its refund")
        due = try await harness.ledger.dueNotifications(at: now + 3600, limit: 20)
        #expect(due.first?.attempts == [failed])
        let success = NotificationAttempt(notificationID: due[0].id, url: "http://hook", date: 2, result: "SUCCESS")
        try await harness.ledger.recordAttempts([success], of: due[0], signedPayload: "second", nextAttemptAt: nil)
        due = try await harness.ledger.dueNotifications(at: now + 3600, limit: 20)
        #expect(due.map(\.notificationType) == ["REFUND", "SUBSCRIBED"])
        let history = try await harness.ledger.notificationHistory(from: 0, to: .max)
        #expect(history[0].signedPayload == "first", "the payload as first sent stays")
        #expect(history[0].attempts.map(\.result) == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE", "SUCCESS"])
        #expect(history[0].attemptCount == 2 && history[0].nextAttemptAt == nil)
    }
}
