import Foundation
import LocalStore
import StorefrontModel
import Testing

/// The local store under StorefrontModel's `Storefront`, as the app runs it.
@Suite("LocalStore behind a Storefront")
struct StorefrontIntegrationTests {
    let folder: LedgerFolder

    init() throws {
        folder = try LedgerFolder()
    }

    @Test("A purchase left unfinished is delivered once at the next start, then finished")
    func redeliveredAtStart() async throws {
        let before = try StoreHarness(ledger: .path(folder.database))
        guard case .success(.verified(let bought)) = try await before.store.buy("lifetime") else {
            Issue.record("the purchase should have succeeded")
            return
        }

        let after = try StoreHarness(ledger: .path(folder.database))
        let storefront = Storefront(backend: after.store, clock: after.store.clock)
        var delivered = storefront.transactionUpdates().makeAsyncIterator()
        await storefront.start()
        #expect(await delivered.next() == .verified(bought))
        #expect(try await after.store.unfinishedTransactions().isEmpty)
        #expect(storefront.snapshot.purchasedProductIDs == ["lifetime"])
    }

    @Test("Approvals and refunds made by another process reach a running storefront", .timeLimit(.minutes(1)))
    func otherProcessChanges() async throws {
        var controls = StoreControls()
        controls.askToBuy = true
        let app = try StoreHarness(controls: controls, ledger: .path(folder.database))
        let storefront = Storefront(backend: app.store, clock: app.store.clock)
        var delivered = storefront.transactionUpdates().makeAsyncIterator()
        await storefront.start()
        let watcher = try await app.store.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }

        let result = try await storefront.purchase(try await app.product("lifetime")).get()
        #expect(result == .pending)
        #expect(storefront.snapshot.awaitingApproval == ["lifetime"])

        let parent = try StoreHarness(ledger: .path(folder.database))  // `storefront approve` elsewhere
        let request = try #require(try await parent.store.pendingRequests().first)
        let approved = try await parent.store.approveAskToBuy(requestID: request.id)
        await app.watcherLooks(after: .seconds(1))
        #expect(await delivered.next()?.verifiedValue?.id == UInt64(approved.id))

        try await parent.store.refund(transactionID: approved.id)
        await app.watcherLooks(after: .seconds(1))
        #expect(await delivered.next()?.verifiedValue?.revocationDate != nil)
        let owned = try await storefront.refreshEntitlements()
        #expect(owned.purchasedProductIDs.isEmpty)
    }

    @Test("Auto-renew turned off by another process reaches a running storefront", .timeLimit(.minutes(1)))
    func otherProcessRenewalChange() async throws {
        let app = try StoreHarness(ledger: .path(folder.database))
        let storefront = Storefront(backend: app.store, clock: app.store.clock)
        await storefront.start()
        let watcher = try await app.store.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }
        _ = try await storefront.purchase(try await app.product("pass.gold.monthly")).get()
        #expect(storefront.snapshot.subscriptionGroup("pass")?.autoRenewPreference == "pass.gold.monthly")
        var events = storefront.events().makeAsyncIterator()

        let elsewhere = try StoreHarness(ledger: .path(folder.database))
        let bought = try #require(try await elsewhere.store.allTransactions().first?.verifiedValue)
        try await elsewhere.store.setAutoRenew(false, forTransaction: Int64(bought.id))
        await app.watcherLooks(after: .seconds(1))
        while let event = await events.next(), event != .entitlementsChanged {}
        #expect(storefront.snapshot.subscriptionGroup("pass")?.currentProductID == "pass.gold.monthly")
        #expect(storefront.snapshot.subscriptionGroup("pass")?.autoRenewPreference == nil, "renewal is off")
    }

    @Test("Watching does not send back a purchase made here")
    func ownPurchaseNotResent() async throws {
        let app = try StoreHarness(ledger: .path(folder.database))
        var updates = await app.store.updates().makeAsyncIterator()
        let watcher = try await app.store.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }
        try await app.buy("coins")
        await app.watcherLooks(after: .seconds(1))
        let other = try StoreHarness(ledger: .path(folder.database))
        let elsewhere = try await other.buy("lifetime")
        await app.watcherLooks(after: .seconds(1))
        #expect(await updates.nextTransaction()?.verifiedValue == elsewhere)
    }
}
