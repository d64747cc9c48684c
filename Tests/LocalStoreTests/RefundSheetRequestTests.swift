import Foundation
import LocalStore
import StorefrontModel
import Testing

/// The customer's refund request from the app (`Storefront.beginRefundRequest`, StoreKit's
/// refund sheet) on both engines: the ledger's request with the customer's reason and its
/// CONSUMPTION_REQUEST, StoreKit's `duplicateRequest` for a second one, `failed` for what
/// cannot be refunded.
@Suite("The app's refund request")
struct RefundSheetRequestTests {
    @Test("Sent: the ledger has the request with its reason and CONSUMPTION_REQUEST; asking again is a duplicate", arguments: Engine.allCases)
    func sentThenDuplicate(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let storefront = Storefront(backend: harness.store, clock: harness.store.clock)
        let lifetime = try await harness.buy("lifetime")
        let coins = try await harness.buy("coins")

        #expect(try await storefront.beginRefundRequest(for: lifetime.id, reason: .fulfillmentIssue) == .success)
        let request = try #require(try await harness.ledger.refundRequest(id: Int64(lifetime.id)))
        #expect(request.reason == .fulfillmentIssue)
        #expect(request.status == .pending)
        #expect(try await harness.notificationKinds() == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "CONSUMPTION_REQUEST"])
        #expect(try await storefront.refundRequestedTransactionIDs() == [lifetime.id])
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["lifetime"], "asking changes nothing yet")

        await #expect(throws: Transaction.RefundRequestError.duplicateRequest) {
            try await storefront.beginRefundRequest(for: lifetime.id, reason: .other)
        }
        #expect(try await harness.ledger.refundRequest(id: Int64(lifetime.id))?.reason == .fulfillmentIssue, "the first reason stands")
        #expect(try await harness.notificationKinds().filter { $0 == "CONSUMPTION_REQUEST" }.count == 1)

        // Declined, the request is still the customer's one: asking again is a duplicate too.
        try await harness.store.requestRefund(transactionID: Int64(coins.id), reason: .legal)
        try await harness.store.decideRefund(transactionID: Int64(coins.id), .decline)
        await #expect(throws: Transaction.RefundRequestError.duplicateRequest) {
            try await storefront.beginRefundRequest(for: coins.id, reason: .legal)
        }
        #expect(try await storefront.refundRequestedTransactionIDs() == [lifetime.id], "only the request awaiting a decision")
    }

    @Test("A refunded purchase or an unknown one fails, sending nothing", arguments: Engine.allCases)
    func failed(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let storefront = Storefront(backend: harness.store, clock: harness.store.clock)
        let lifetime = try await harness.buy("lifetime")
        try await harness.store.refund(transactionID: Int64(lifetime.id))
        await #expect(throws: Transaction.RefundRequestError.failed) {
            try await storefront.beginRefundRequest(for: lifetime.id, reason: .other)
        }
        await #expect(throws: Transaction.RefundRequestError.failed) {
            try await storefront.beginRefundRequest(for: 9_999, reason: .other)
        }
        #expect(try await harness.notificationKinds().filter { $0 == "CONSUMPTION_REQUEST" }.isEmpty)
        #expect(try await storefront.refundRequestedTransactionIDs().isEmpty)
    }

    @Test("A family member's share fails: its purchaser asks for the refund", arguments: Engine.allCases)
    func familyShare(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        let alice = try await StoreHarness(on: ledger, account: try CustomerAccount("alice"))
        let bob = try await StoreHarness(on: ledger, account: try CustomerAccount("bob"))
        try await bob.store.joinFamily(organizedBy: alice.store.account)
        _ = try await alice.buy("lifetime")
        let share = try #require(try await bob.store.allTransactions().first?.verifiedValue)
        #expect(share.ownershipType == .familyShared && !share.isRefundable)
        let storefront = Storefront(backend: bob.store, clock: bob.store.clock)
        await #expect(throws: Transaction.RefundRequestError.failed) {
            try await storefront.beginRefundRequest(for: share.id, reason: .unintendedPurchase)
        }
        #expect(try await bob.ledger.refundRequest(id: Int64(share.id)) == nil)
    }
}
