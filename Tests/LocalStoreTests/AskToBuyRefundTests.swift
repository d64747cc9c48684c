import Foundation
import GRDB
import LocalStore
import StorefrontModel
import Testing

@Suite("Ask to Buy, interrupted purchases, refunds and tampering")
struct AskToBuyRefundTests {
    @Test("Ask to Buy: pending, then approval delivers the purchase on updates", arguments: [true, false])
    func approve(fromControl: Bool) async throws {
        var controls = StoreControls()
        controls.askToBuy = fromControl
        let harness = try StoreHarness(controls: controls)
        var updates = await harness.store.updates().makeAsyncIterator()
        let options: Set<Product.PurchaseOption> = fromControl ? [] : [.simulatesAskToBuyInSandbox(true)]

        guard case .pending(let request) = try await harness.store.buy("lifetime", options: options) else {
            Issue.record("the purchase should wait for approval")
            return
        }
        #expect(try await harness.store.allTransactions().isEmpty)
        #expect(try await harness.store.pendingRequests().map(\.id) == [request.id])

        harness.clock.advance(by: .seconds(600))
        let approved = try await harness.store.approveAskToBuy(requestID: request.id)
        let delivered = try #require(await updates.nextTransaction()?.verifiedValue)
        #expect(delivered.id == UInt64(approved.id))
        #expect(delivered.productID == "lifetime")
        #expect(delivered.purchaseDate == Fixtures.epoch + 600)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["lifetime"])
        #expect(try await harness.store.unfinishedTransactions().count == 1)
        #expect(try await harness.store.pendingRequests().isEmpty)
    }

    @Test("A declined request buys nothing and sends only that it was declined", arguments: Engine.allCases)
    func decline(engine: Engine) async throws {
        var controls = StoreControls()
        controls.askToBuy = true
        let harness = try await StoreHarness(engine: engine, controls: controls)
        var updates = await harness.store.updates().makeAsyncIterator()
        guard case .pending(let declined) = try await harness.store.buy("lifetime"),
              case .pending(let approved) = try await harness.store.buy("coins")
        else {
            Issue.record("both purchases should wait for approval")
            return
        }
        try await harness.store.declineAskToBuy(requestID: declined.id)
        try await harness.store.approveAskToBuy(requestID: approved.id)
        // The decline sends no transaction, only that the product no longer waits.
        #expect(await updates.next() == .askToBuyDeclined(productID: "lifetime"))
        #expect(await updates.nextTransaction()?.verifiedValue?.productID == "coins")
        #expect(try await harness.store.allTransactions().map(\.unsafePayloadValue.productID) == ["coins"])
        await #expect(throws: LedgerError.askToBuyRequestAlreadyDecided(id: declined.id, status: .declined)) {
            try await harness.store.approveAskToBuy(requestID: declined.id)
        }
    }

    @Test("An interrupted purchase is pending until resolved, then delivered on updates", arguments: Engine.allCases)
    func interrupted(engine: Engine) async throws {
        var controls = StoreControls()
        controls.interruptedPurchases = true
        let harness = try await StoreHarness(engine: engine, controls: controls)
        var updates = await harness.store.updates().makeAsyncIterator()
        guard case .pending(let request) = try await harness.store.buy("coins", options: [.quantity(2)]) else {
            Issue.record("the purchase should be interrupted")
            return
        }
        try await harness.store.approveAskToBuy(requestID: request.id)
        let delivered = try #require(await updates.nextTransaction()?.verifiedValue)
        #expect(delivered.purchasedQuantity == 2)
    }

    @Test("A refund revokes at store time, reaches updates and ends the entitlement", arguments: Engine.allCases)
    func refund(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        var updates = await harness.store.updates().makeAsyncIterator()
        let lifetime = try await harness.buy("lifetime")
        let coins = try await harness.buy("coins", options: [.quantity(4)])
        harness.clock.advance(by: .seconds(60))

        try await harness.store.refund(transactionID: Int64(lifetime.id), reason: .developerIssue)
        let revoked = try #require(await updates.nextTransaction()?.verifiedValue)
        #expect(revoked.id == lifetime.id)
        #expect(revoked.revocationDate == Fixtures.epoch + 60)
        #expect(revoked.revocationReason == .developerIssue)
        try await harness.store.refund(transactionID: Int64(coins.id))
        let owned = try await harness.store.currentEntitlements()
        #expect(owned.purchasedProductIDs.isEmpty)
        #expect(owned.consumableCounts.isEmpty)
        await #expect(throws: LedgerError.transactionNotFound(id: 999)) {
            try await harness.store.refund(transactionID: 999)
        }
    }

    @Test("A row edited in the file comes back unverified and grants nothing")
    func tampered() async throws {
        let folder = try LedgerFolder()
        let harness = try StoreHarness(ledger: .path(folder.database))
        let cheap = try await harness.buy("coins")
        try await harness.buy("lifetime")
        try folder.edit("UPDATE transactions SET productID = 'lifetime', productType = 'Non-Consumable' WHERE id = ?", [cheap.id])
        try folder.edit("UPDATE transactions SET revocationDate = NULL, price = '0.01' WHERE productID = 'lifetime' AND id != ?", [cheap.id])

        let results = try await harness.store.allTransactions()
        #expect(results.count == 2)
        #expect(results.allSatisfy { $0.verifiedValue == nil })
        guard case .unverified(_, let error) = results[0] else { return }
        #expect(error == .invalidSignature)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.isEmpty)
        await #expect(throws: LedgerError.self) {
            try await harness.store.refund(transactionID: Int64(cheap.id))
        }
    }

    @Test("Clearing empties the ledger and tells listeners the transactions are gone", arguments: Engine.allCases)
    func clear(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        try await harness.buy("pass.gold.monthly")
        var updates = await harness.store.updates().makeAsyncIterator()
        try await harness.store.clearTransactions()
        #expect(try await harness.store.allTransactions().isEmpty)
        #expect(try await harness.store.subscriptionStatuses(for: "pass").isEmpty)
        #expect(await updates.next() == .transactionsRemoved)
    }
}
