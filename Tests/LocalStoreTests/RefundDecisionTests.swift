import Foundation
import LocalStore
import StorefrontModel
import Testing

/// Refund requests and the App Store's decisions on both engines: the customer's reason, the
/// app's consumption answer, a grant (full or prorated), a decline and a reversal, each as the
/// app and the app's server see it.
@Suite("Refund requests, decisions and reversals")
struct RefundDecisionTests {
    @Test("A prorated grant revokes with its type and percentage; the reversal gives the entitlement back", arguments: Engine.allCases)
    func proratedThenReversed(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let lifetime = try await harness.buy("lifetime")
        var updates = await harness.store.updates().makeAsyncIterator()
        harness.clock.advance(by: .seconds(60))

        let asked = try await harness.store.requestRefund(transactionID: Int64(lifetime.id), reason: .unintendedPurchase)
        #expect(asked.status == .pending)
        #expect(asked.reason == .unintendedPurchase)
        #expect(asked.requestedAt == Fixtures.epoch + 60)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["lifetime"], "asking changes nothing yet")
        let answer = RefundRequest.Consumption(
            customerConsented: true, sampleContentProvided: false, deliveryStatus: "DELIVERED",
            consumptionPercentage: 60_000, refundPreference: "GRANT_PRORATED"
        )
        try await harness.ledger.recordConsumption(answer, id: Int64(lifetime.id))

        try await harness.store.decideRefund(transactionID: Int64(lifetime.id), .grantProrated(percentage: 40_000))
        let revoked = try #require(await updates.nextTransaction()?.verifiedValue)
        #expect(revoked.id == lifetime.id)
        #expect(revoked.revocationDate == Fixtures.epoch + 60)
        #expect(revoked.revocationType == .proratedRefund)
        #expect(revoked.revocationPercentage == 40)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.isEmpty)
        let granted = try #require(try await harness.ledger.refundRequest(id: Int64(lifetime.id)))
        #expect(granted.status == .granted)
        #expect(granted.consumption == answer, "the app's answer is kept with the request")

        harness.clock.advance(by: .seconds(60))
        try await harness.store.reverseRefund(transactionID: Int64(lifetime.id))
        let restored = try #require(await updates.nextTransaction()?.verifiedValue)
        #expect(restored.id == lifetime.id)
        #expect(restored.revocationDate == nil)
        #expect(restored.revocationType == nil)
        #expect(restored.revocationPercentage == nil)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["lifetime"])
        #expect(try await harness.ledger.refundRequest(id: Int64(lifetime.id))?.status == .reversed)

        // Refunded again after the reversal: told again, in full this time.
        try await harness.store.decideRefund(transactionID: Int64(lifetime.id), .grant)
        #expect(try #require(await updates.nextTransaction()?.verifiedValue).revocationType == .fullRefund)
        #expect(try await harness.notificationKinds() == ["ONE_TIME_CHARGE", "CONSUMPTION_REQUEST", "REFUND", "REFUND_REVERSED", "REFUND"])
    }

    @Test("A declined request revokes nothing and sends REFUND_DECLINED once", arguments: Engine.allCases)
    func declined(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let coins = try await harness.buy("coins", options: [.quantity(3)])
        try await harness.store.requestRefund(transactionID: Int64(coins.id), reason: .fulfillmentIssue)
        try await harness.store.requestRefund(transactionID: Int64(coins.id), reason: .legal)  // the same request
        let entry = try await harness.store.decideRefund(transactionID: Int64(coins.id), .decline)
        #expect(entry.transaction.revocationDate == nil)
        #expect(try await harness.store.currentEntitlements().consumableCounts == ["coins": 3])
        let request = try #require(try await harness.ledger.refundRequest(id: Int64(coins.id)))
        #expect(request.status == .declined)
        #expect(request.reason == .fulfillmentIssue)
        #expect(try await harness.notificationKinds() == ["ONE_TIME_CHARGE", "CONSUMPTION_REQUEST", "REFUND_DECLINED"])

        await #expect(throws: LedgerError.refundNotPossible(id: Int64(coins.id), reason: "already had its refund request declined")) {
            try await harness.store.decideRefund(transactionID: Int64(coins.id), .decline)
        }
        await #expect(throws: LedgerError.refundNotPossible(id: Int64(coins.id), reason: "already had its refund request declined")) {
            try await harness.store.requestRefund(transactionID: Int64(coins.id))
        }
    }

    @Test("Another process's refund request, then its decline, each reach a watching store as a refund-requests change", .timeLimit(.minutes(1)), arguments: Engine.allCases)
    func seenByAWatcher(engine: Engine) async throws {
        let shared = try await TestLedger(engine)
        let watching = try await StoreHarness(on: shared), other = try await StoreHarness(on: shared)
        let lifetime = try await watching.buy("lifetime")
        var updates = await watching.store.updates().makeAsyncIterator()
        let watcher = try await watching.store.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }

        try await other.store.requestRefund(transactionID: Int64(lifetime.id), reason: .other)
        await watching.watcherLooks(after: .seconds(1))
        #expect(await Self.nextRefundRequestsChange(&updates))
        #expect(try await watching.store.refundRequestedTransactionIDs() == [lifetime.id])

        try await other.store.decideRefund(transactionID: Int64(lifetime.id), .decline)
        await watching.watcherLooks(after: .seconds(1))
        #expect(await Self.nextRefundRequestsChange(&updates))
        #expect(try await watching.store.refundRequestedTransactionIDs().isEmpty)
    }

    /// Waits for the next `.refundRequestsChanged`, passing over other updates.
    static func nextRefundRequestsChange(_ updates: inout AsyncStream<StoreUpdate>.Iterator) async -> Bool {
        while let update = await updates.next() {
            if update == .refundRequestsChanged { return true }
        }
        return false
    }

    @Test("Decisions a transaction's state does not allow are refused, naming why", arguments: Engine.allCases)
    func refused(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let id = Int64(try await harness.buy("lifetime").id)
        await #expect(throws: LedgerError.refundNotPossible(id: id, reason: "has no refund request to decline")) {
            try await harness.store.decideRefund(transactionID: id, .decline)
        }
        await #expect(throws: LedgerError.refundNotPossible(id: id, reason: "has no refund to reverse")) {
            try await harness.store.reverseRefund(transactionID: id)
        }
        for percentage in [0, 100_000] {
            await #expect(throws: LedgerError.self) {
                try await harness.store.decideRefund(transactionID: id, .grantProrated(percentage: percentage))
            }
        }
        try await harness.store.refund(transactionID: id)
        await #expect(throws: LedgerError.refundNotPossible(id: id, reason: "is already refunded or revoked")) {
            try await harness.store.requestRefund(transactionID: id)
        }
        await #expect(throws: LedgerError.transactionNotFound(id: 999)) {
            try await harness.store.requestRefund(transactionID: 999)
        }
        #expect(try await harness.notificationKinds() == ["ONE_TIME_CHARGE", "REFUND"])
    }

    @Test("A reversal made by another process gives a running storefront its entitlement back", .timeLimit(.minutes(1)))
    func reversalReachesRunningApp() async throws {
        let folder = try LedgerFolder()
        let app = try StoreHarness(ledger: .path(folder.database))
        let storefront = Storefront(backend: app.store, clock: app.store.clock)
        var delivered = storefront.transactionUpdates().makeAsyncIterator()
        await storefront.start()
        let watcher = try await app.store.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }
        _ = try await storefront.purchase(try await app.product("lifetime")).get()
        #expect(storefront.snapshot.purchasedProductIDs == ["lifetime"])
        let bought = try #require(await delivered.next()?.verifiedValue)
        var events = storefront.events().makeAsyncIterator()

        let elsewhere = try StoreHarness(ledger: .path(folder.database))  // `storefront refund` in another terminal
        try await elsewhere.store.decideRefund(transactionID: Int64(bought.id), .grant)
        await app.watcherLooks(after: .seconds(1))
        #expect(await delivered.next()?.verifiedValue?.revocationType == .fullRefund)
        while let event = await events.next(), event != .entitlementsChanged {}
        #expect(storefront.snapshot.purchasedProductIDs.isEmpty)

        try await elsewhere.store.reverseRefund(transactionID: Int64(bought.id))
        await app.watcherLooks(after: .seconds(1))
        #expect(await delivered.next()?.verifiedValue?.revocationDate == nil)
        while let event = await events.next(), event != .entitlementsChanged {}
        #expect(storefront.snapshot.purchasedProductIDs == ["lifetime"])
    }
}
