import Foundation
import GRDB
@testable import LocalStore
import Testing

/// A ledger written before accounts existed: its rows become `local` and still verify.
@Suite("Migrating a ledger from before accounts")
struct AccountMigrationTests {
    let folder: LedgerFolder

    init() throws {
        folder = try LedgerFolder()
    }

    /// Writes the schema as it was before accounts (migration v1) with one signed purchase,
    /// a pending Ask to Buy request, a store-time offset and a renewal preference, as a
    /// storefront of that time did.
    func writeOldLedger() throws -> LedgerTransaction {
        let queue = try DatabaseQueue(path: folder.database.path)
        try LedgerSchema.migrator.migrate(queue, upTo: "v1")
        let key = try StoreKeySet.loadOrCreate(at: folder.signingKey).signingKey
        let transaction = LedgerTransaction(
            id: 1, purchase: Sample.subscription(), account: .local, original: nil, signedDate: Sample.signingDate
        )
        let jws = try key.sign(transaction.signedPayload)
        // Only the columns the row fills: later migrations add columns v1 does not have.
        let filled = zip(LedgerTransaction.signedFields.map(\.name), TransactionRow.signedColumnValues(of: transaction))
            .filter { $0.1 != nil }
        let columns = filled.map(\.0) + ["purchaseAttemptID", "jws"]
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO transactions (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                arguments: StatementArguments(filled.map(\.1.databaseValue) + [
                    UUID().uuidString.databaseValue, jws.databaseValue,
                ])
            )
            try db.execute(
                sql: "INSERT INTO askToBuyRequests (purchaseAttemptID, status, createdAt, purchase) VALUES (?, 'pending', 0, ?)",
                arguments: [UUID().uuidString, try AskToBuyRequest.encode(Sample.consumable())]
            )
            try db.execute(sql: "INSERT INTO storeState (key, value) VALUES ('storeTimeOffset', 86400.0), ('renewal.1', '0 pass.premium.monthly')")
        }
        return transaction
    }

    @Test("Its rows, requests and store state become the local account's, and its transactions still verify")
    func migratesAsLocal() async throws {
        let old = try writeOldLedger()

        let ledger = try folder.openLedger()
        let entries = try await ledger.transactions()
        #expect(entries.map(\.transaction) == [old])
        #expect(entries.map(\.verification) == [.verified])
        #expect(try await ledger.askToBuyRequests().map(\.productID) == ["nectar.jar"])
        #expect(try await ledger.storeTimeOffset() == 86_400)
        #expect(try await ledger.renewalPreferences()[1]?.willAutoRenew == false)

        let alice = ledger.scoped(to: try CustomerAccount("alice"))
        #expect(try await alice.transactions().isEmpty)
        #expect(try await alice.askToBuyRequests().isEmpty)
        #expect(try await alice.storeTimeOffset() == 0)
        #expect(try await alice.renewalPreferences().isEmpty)
    }

    @Test("An old row moved into another account verifies as local only")
    func oldRowVerifiesOnlyAsLocal() async throws {
        let old = try writeOldLedger()
        _ = try folder.openLedger()

        try folder.edit("UPDATE transactions SET account = 'alice' WHERE id = ?", [old.id])

        let alice = try folder.openLedger().scoped(to: try CustomerAccount("alice"))
        #expect(try await alice.transactions().map(\.verification) == [.unverified(.payloadMismatch(fields: ["account"]))])
        #expect(try await folder.openLedger().transactions().isEmpty)
    }

    @Test("New purchases in a migrated ledger are signed with their account")
    func newRowsAfterMigration() async throws {
        _ = try writeOldLedger()
        let alice = try folder.openLedger().scoped(to: try CustomerAccount("alice"))
        let bought = try await alice.recordPurchase(Sample.consumable(), attemptID: UUID())
        #expect(bought.isVerified)
        #expect(bought.id == 2)
        #expect(try folder.column("account", ofTransaction: bought.id) == "alice")
        #expect(try await folder.openLedger().transactions().map(\.id) == [1])
    }
}
