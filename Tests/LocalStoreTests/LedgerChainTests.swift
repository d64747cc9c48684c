import Foundation
import LocalStore
import Testing

@Suite("Ledger: chain transactions, renewal preferences, app purchase date")
struct LedgerChainTests {
    let folder: LedgerFolder

    init() throws {
        folder = try LedgerFolder()
    }

    @Test("A chain transaction replaces the old plan, once per attempt, and resets the preference", arguments: Engine.allCases)
    func chainTransaction(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let basic = try await ledger.recordPurchase(Sample.subscription("pass.basic"), attemptID: UUID())
        let chain = basic.transaction.originalID
        try await ledger.setRenewalPreference(RenewalPreference(productID: "pass.mini", willAutoRenew: false), originalID: chain)
        #expect(try await ledger.renewalPreferences() == [chain: RenewalPreference(productID: "pass.mini", willAutoRenew: false)])

        let attempt = UUID()
        let premium = try await ledger.recordSubscriptionTransaction(
            Sample.subscription("pass.premium"), continuing: basic.id, replacing: basic.id, attemptID: attempt
        )
        #expect(premium.isVerified)
        #expect(premium.transaction.originalID == chain)
        #expect(premium.transaction.originalPurchaseDate == basic.transaction.purchaseDate)
        #expect(try await ledger.transaction(id: basic.id)?.transaction.isUpgraded == true)
        #expect(try await ledger.transaction(id: basic.id)?.isVerified == true)
        #expect(try await ledger.renewalPreferences().isEmpty)

        let retried = try await ledger.recordSubscriptionTransaction(
            Sample.subscription("pass.premium"), continuing: basic.id, replacing: basic.id, attemptID: attempt
        )
        #expect(retried == premium)
        #expect(try await ledger.transactions().count == 2)
    }

    @Test("Only a verified auto-renewable subscription can be continued")
    func chainNeedsVerifiedSubscription() async throws {
        let ledger = try folder.openLedger()
        let jar = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        await #expect(throws: LedgerError.notAnAutoRenewableSubscription(id: jar.id, productID: "nectar.jar")) {
            try await ledger.recordSubscriptionTransaction(Sample.subscription(), continuing: jar.id, attemptID: UUID())
        }
        let pass = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        try folder.edit("UPDATE transactions SET price = '0.01' WHERE id = ?", [pass.id])
        await #expect(throws: LedgerError.self) {
            try await ledger.recordSubscriptionTransaction(Sample.subscription(), continuing: pass.id, attemptID: UUID())
        }
        #expect(try await ledger.transactions().count == 2)
    }

    @Test("Preferences are shared by every opener, survive hand edits as absent, and clear with the ledger")
    func preferences() async throws {
        let ledger = try folder.openLedger()
        try await ledger.setRenewalPreference(RenewalPreference(productID: "pass.basic", willAutoRenew: true), originalID: 7)
        #expect(try await folder.openLedger().renewalPreferences()[7]?.productID == "pass.basic")
        try folder.edit("INSERT INTO storeState (key, value) VALUES ('renewal.8', 'garbage')")
        #expect(try await ledger.renewalPreferences().keys.sorted() == [7])
        try await ledger.setRenewalPreference(nil, originalID: 7)
        #expect(try await ledger.renewalPreferences().isEmpty)

        try await ledger.setRenewalPreference(RenewalPreference(productID: "pass.basic", willAutoRenew: false), originalID: 9)
        let offset = try await ledger.advanceStoreTime(by: 60)
        try await ledger.clearTransactions()
        #expect(try await ledger.renewalPreferences().isEmpty)
        #expect(try await ledger.storeTimeOffset() == offset)
    }

    @Test("The app's first purchase date is recorded once", arguments: Engine.allCases)
    func appPurchaseDate(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let first = try await ledger.appOriginalPurchaseDate(recordingIfAbsent: Sample.purchaseDate)
        #expect(first == Date(timeIntervalSince1970: 1_760_000_000.123))
        let again = try await ledgers.open().appOriginalPurchaseDate(recordingIfAbsent: Sample.signingDate)
        #expect(again == first)
    }
}
