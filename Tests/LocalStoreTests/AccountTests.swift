import Foundation
import LocalStore
import StorefrontModel
import Testing

/// Two customers on one ledger file, each through their own store, as two processes with
/// `--account alice` and `--account bob` would be: neither sees the other's purchases.
@Suite("Customer accounts")
struct AccountTests {
    let folder: LedgerFolder
    static let alice = try! CustomerAccount("alice")
    static let bob = try! CustomerAccount("SHA256:uJ7mX2c/+q9zVw=")

    init() throws {
        folder = try LedgerFolder()
    }

    func harness(_ account: CustomerAccount, controls: StoreControls = StoreControls()) throws -> StoreHarness {
        try StoreHarness(controls: controls, ledger: .path(folder.database), account: account)
    }

    func harness(
        _ account: CustomerAccount, on ledger: TestLedger, controls: StoreControls = StoreControls()
    ) async throws -> StoreHarness {
        try await StoreHarness(on: ledger, controls: controls, account: account)
    }

    @Test("Each account sees only its own transactions, entitlements and consumable counts", arguments: Engine.allCases)
    func purchasesAndEntitlements(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        let alice = try await harness(Self.alice, on: ledger), bob = try await harness(Self.bob, on: ledger)
        let lifetime = try await alice.buy("lifetime")
        try await alice.buy("coins")
        try await alice.buy("coins")
        let bobsCoins = try await bob.buy("coins")

        #expect(try await alice.store.allTransactions().map(\.unsafePayloadValue.productID) == ["lifetime", "coins", "coins"])
        #expect(try await bob.store.allTransactions().map(\.unsafePayloadValue.id) == [bobsCoins.id])
        let alicesOwn = try await alice.store.currentEntitlements()
        let bobsOwn = try await bob.store.currentEntitlements()
        #expect(alicesOwn.purchasedProductIDs == ["lifetime"])
        #expect(bobsOwn.purchasedProductIDs.isEmpty)
        #expect(alicesOwn.consumableCounts["coins"] == 2)
        #expect(bobsOwn.consumableCounts["coins"] == 1)

        // Alice owning it is no reason to hand Bob her transaction instead of selling him his own.
        let bobsLifetime = try await bob.buy("lifetime")
        #expect(bobsLifetime.id != lifetime.id)
        #expect(try await bob.store.currentEntitlements().purchasedProductIDs == ["lifetime"])
    }

    @Test("A transaction or order ID leads to the customer who made it, and no one's for an unknown one", arguments: Engine.allCases)
    func owners(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        let alice = try await harness(Self.alice, on: ledger), bob = try await harness(Self.bob, on: ledger)
        let alicesCoins = try await alice.buy("coins")
        let bobsLifetime = try await bob.buy("lifetime")

        let opened = try await ledger.open()
        #expect(try await opened.owner(ofTransaction: Int64(alicesCoins.id)) == Self.alice)
        #expect(try await opened.owner(ofTransaction: Int64(bobsLifetime.id)) == Self.bob)
        #expect(try await opened.owner(ofTransaction: Int64(bobsLifetime.id) + 1_000) == nil)
        let bobsOrder = try #require(try await opened.scoped(to: Self.bob).transactions().first).purchaseAttemptID
        #expect(try await opened.owner(ofPurchaseAttempt: bobsOrder) == Self.bob)
        #expect(try await opened.owner(ofPurchaseAttempt: UUID()) == nil)
    }

    @Test("An intro offer used by one account is still offered to another", arguments: Engine.allCases)
    func introOfferEligibility(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        let alice = try await harness(Self.alice, on: ledger), bob = try await harness(Self.bob, on: ledger)
        #expect(try await alice.product("pass.silver.monthly").subscription?.isEligibleForIntroOffer == true)
        try await alice.buy("pass.silver.monthly")

        #expect(try await alice.product("pass.silver.monthly").subscription?.isEligibleForIntroOffer == false)
        #expect(try await bob.product("pass.silver.monthly").subscription?.isEligibleForIntroOffer == true)
        #expect(try await bob.store.subscriptionStatuses(for: "pass").isEmpty)
    }

    @Test("Ask to Buy requests are the asking account's: another cannot see, approve or decline them", arguments: Engine.allCases)
    func askToBuyRequests(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        var controls = StoreControls()
        controls.askToBuy = true
        let alice = try await harness(Self.alice, on: ledger, controls: controls), bob = try await harness(Self.bob, on: ledger)
        guard case .pending(let request) = try await alice.store.buy("lifetime") else {
            Issue.record("expected Alice's purchase to wait for approval")
            return
        }
        #expect(try await bob.store.pendingRequests().isEmpty)
        await #expect(throws: LedgerError.askToBuyRequestNotFound(id: request.id)) {
            try await bob.store.approveAskToBuy(requestID: request.id)
        }
        await #expect(throws: LedgerError.askToBuyRequestNotFound(id: request.id)) {
            try await bob.store.declineAskToBuy(requestID: request.id)
        }

        let approved = try await alice.store.approveAskToBuy(requestID: request.id)
        #expect(approved.transaction.account == Self.alice)
        #expect(try await alice.store.currentEntitlements().purchasedProductIDs == ["lifetime"])
        #expect(try await bob.store.currentEntitlements().purchasedProductIDs.isEmpty)
    }

    @Test("An offer code redeemed by one account can still be redeemed, once, by another")
    func offerCodeOncePerAccount() async throws {
        let catalog = try Fixtures.bundled("BackyardBirds")
        let alice = try StoreHarness(catalog: catalog, ledger: .path(folder.database), account: Self.alice)
        let bob = try StoreHarness(catalog: catalog, ledger: .path(folder.database), account: Self.bob)
        let alicesGrant = try #require(try await alice.store.redeem(offerCode: "BIRDWATCHER").verifiedValue)
        await #expect(throws: OfferCodeError.alreadyRedeemed("BIRDWATCHER")) {
            try await alice.store.redeem(offerCode: "birdwatcher")
        }

        let bobsGrant = try #require(try await bob.store.redeem(offerCode: "birdwatcher").verifiedValue)
        #expect(bobsGrant.id != alicesGrant.id)
        #expect(bobsGrant.offer?.id == "BIRDWATCHER")
        await #expect(throws: OfferCodeError.alreadyRedeemed("BIRDWATCHER")) {
            try await bob.store.redeem(offerCode: "BIRDWATCHER")
        }
        #expect(try await alice.store.allTransactions().count == 1)
        #expect(try await bob.store.allTransactions().count == 1)
    }

    @Test("Unfinished transactions, restore and finishing are per account", arguments: Engine.allCases)
    func unfinishedAndRestore(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        let alice = try await harness(Self.alice, on: ledger), bob = try await harness(Self.bob, on: ledger)
        let bought = try await alice.buy("lifetime")

        try await bob.store.sync()
        #expect(try await bob.store.unfinishedTransactions().isEmpty)
        #expect(try await bob.store.allTransactions().isEmpty)
        await #expect(throws: LedgerError.transactionNotFound(id: Int64(bought.id))) {
            try await bob.store.finish(bought)
        }
        #expect(try await alice.store.unfinishedTransactions().map(\.unsafePayloadValue.id) == [bought.id])

        try await alice.store.sync()
        try await alice.store.finish(bought)
        #expect(try await alice.store.unfinishedTransactions().isEmpty)
    }

    @Test("Store time, refunds and clearing are per account", arguments: Engine.allCases)
    func storeTimeRefundsAndClear(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        let alice = try await harness(Self.alice, on: ledger), bob = try await harness(Self.bob, on: ledger)
        let alicesPass = try await alice.buy("pass.gold.monthly")
        let bobsPass = try await bob.buy("pass.gold.monthly")

        let bobsNow = try await bob.store.storeNow()
        try await alice.store.advanceStoreTime(by: StoreTimeStep("1mo")!)
        #expect(try await bob.store.storeNow() == bobsNow)
        #expect(try await alice.store.allTransactions().count == 2, "Alice's month renewed")
        #expect(try await bob.store.allTransactions().count == 1, "Bob's month did not")

        await #expect(throws: LedgerError.transactionNotFound(id: Int64(alicesPass.id))) {
            try await bob.store.refund(transactionID: Int64(alicesPass.id))
        }
        try await alice.store.clearTransactions()
        #expect(try await alice.store.allTransactions().isEmpty)
        #expect(try await bob.store.allTransactions().map(\.unsafePayloadValue.id) == [bobsPass.id])
    }

    @Test("A row moved to another account in the file verifies for neither", arguments: [
        ("alice", "bob"), ("local", "alice"), ("alice", "local"),
    ])
    func rowMovedByHand(from: String, to: String) async throws {
        let owner = try harness(try CustomerAccount(from)), receiver = try harness(try CustomerAccount(to))
        let bought = try await owner.buy("lifetime")

        try folder.edit("UPDATE transactions SET account = ? WHERE id = ?", [to, bought.id])

        #expect(try await owner.store.allTransactions().isEmpty)
        let moved = try await receiver.ledger.transactions()
        #expect(moved.map(\.id) == [Int64(bought.id)])
        #expect(moved.map(\.verification) == [.unverified(.payloadMismatch(fields: ["account"]))])
        #expect(try await receiver.store.currentEntitlements().purchasedProductIDs.isEmpty)
        #expect(try await owner.store.currentEntitlements().purchasedProductIDs.isEmpty)
    }

    @Test("A running store's ledger watcher announces its own account's news, never another's", .timeLimit(.minutes(1)), arguments: Engine.allCases)
    func watcherSeesOwnAccountOnly(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        let app = try await harness(Self.alice, on: ledger)
        var updates = await app.store.updates().makeAsyncIterator()
        let watcher = try await app.store.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }
        let marker = try await app.ledger.changeMarker()

        // Bob buys and clears in another process: nothing of it is Alice's business.
        let bob = try await harness(Self.bob, on: ledger)
        try await bob.buy("lifetime")
        try await bob.store.advanceStoreTime(by: StoreTimeStep("1d")!)
        #expect(try await app.ledger.changeMarker() == marker)
        try await bob.store.clearTransactions()
        await app.watcherLooks(after: .seconds(1))

        // Alice buys in another process: the first thing her app hears.
        let elsewhere = try await harness(Self.alice, on: ledger)
        let hers = try await elsewhere.buy("coins")
        await app.watcherLooks(after: .seconds(1))
        let update = await updates.next()
        guard case .transaction(let result) = update else {
            Issue.record("expected Alice's purchase, heard \(String(describing: update))")
            return
        }
        #expect(result.verifiedValue?.id == hers.id)
    }
}

@Suite("Account IDs")
struct CustomerAccountTests {
    @Test("Key fingerprints and plain names are accounts, up to 200 bytes", arguments: [
        "local", "alice", "SHA256:uJ7mX2c/+q9zVw=", "ci-job#42", "ユーザー", String(repeating: "é", count: 100),
    ])
    func accepted(id: String) throws {
        #expect(try CustomerAccount(id).id == id)
    }

    @Test("A bad account ID is refused, saying why", arguments: [
        ("", "the account ID is empty"),
        ("al ice", "the account ID has whitespace (U+0020) at character 3"),
        ("alice\n", "the account ID has whitespace (U+000A) at character 6"),
        ("\u{7}bell", "the account ID has a control character (U+0007) at character 1"),
        ("rtl\u{202E}", "the account ID has a control character (U+202E) at character 4"),
        (String(repeating: "x", count: 201), "the account ID is 201 bytes long; at most 200 are allowed"),
    ])
    func refused(id: String, reason: String) {
        #expect { try CustomerAccount(id) } throws: { error in
            (error as? CustomerAccount.InvalidID).map { $0.id == id && $0.description == reason } ?? false
        }
    }
}
