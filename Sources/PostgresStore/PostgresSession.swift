import Foundation
import LocalStore
import PostgresNIO

/// The ledger's statements in PostgreSQL, on the one connection of a `read` or `write`.
struct PostgresSession: LedgerStorageSession {
    let connection: PostgresConnection
    let logger: Logger

    private static let insertSQL: String = {
        let placeholders = (1...TransactionRow.columnNames.count).map { "$\($0)" }.joined(separator: ", ")
        return "INSERT INTO transactions (\(TransactionRow.columnNames.joined(separator: ", "))) VALUES (\(placeholders))"
    }()

    private static let resignSQL: String = {
        let names = TransactionRow.signedColumnNames + ["jws"]
        let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
        return "UPDATE transactions SET \(assignments) WHERE id = $\(names.count + 1)"
    }()

    @discardableResult
    func run(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await connection.rows(query, logger: logger)
    }

    /// The row a statement that always answers with one gave; none (a trigger that dropped
    /// the insert, say) is a `NoRow` naming `what`, not a crash.
    private func onlyRow(_ query: PostgresQuery, answering what: String) async throws -> PostgresRow {
        guard let row = try await run(query).first else { throw NoRow(what: what) }
        return row
    }

    /// A statement that always answers with one row answered with none.
    struct NoRow: Error, LocalizedError {
        let what: String
        var errorDescription: String? { "PostgreSQL answered with no row for \(what)" }
    }

    func transactionRows(account: CustomerAccount, unfinishedOnly: Bool) async throws -> [TransactionRow] {
        let rows = unfinishedOnly
            ? try await run("SELECT * FROM transactions WHERE account = \(account.id) AND NOT finished ORDER BY id")
            : try await run("SELECT * FROM transactions WHERE account = \(account.id) ORDER BY id")
        return try rows.map { try TransactionRow(columns: PostgresColumns($0)) }
    }

    func transactionRow(account: CustomerAccount, id: Int64) async throws -> TransactionRow? {
        try await run("SELECT * FROM transactions WHERE account = \(account.id) AND id = \(id)")
            .first.map { try TransactionRow(columns: PostgresColumns($0)) }
    }

    func transactionRow(attemptID: UUID) async throws -> TransactionRow? {
        try await run("SELECT * FROM transactions WHERE purchaseAttemptID = \(attemptID.uuidString)")
            .first.map { try TransactionRow(columns: PostgresColumns($0)) }
    }

    func transactionAccountID(id: Int64) async throws -> String? {
        try await run("SELECT account FROM transactions WHERE id = \(id)").first?.decode(String.self)
    }

    func nextTransactionID() async throws -> Int64 {
        // A sequence never hands out a number twice, even to a write that rolls back.
        try await onlyRow("SELECT nextval('transaction_ids')", answering: "the next transaction ID").decode(Int64.self)
    }

    func insertTransaction(_ row: TransactionRow) async throws {
        try await run(PostgresQuery(unsafeSQL: Self.insertSQL, binds: try Self.bindings(row.columnValues)))
    }

    func resignTransaction(_ transaction: LedgerTransaction, jws: String) async throws {
        let values = TransactionRow.signedColumnValues(of: transaction) + [.string(jws), .integer(transaction.id)]
        try await run(PostgresQuery(unsafeSQL: Self.resignSQL, binds: try Self.bindings(values)))
    }

    func finishTransaction(id: Int64, account: CustomerAccount) async throws -> Bool {
        // RETURNING counts the row whether or not it was finished already, as SQLite's changes() does.
        try await !run("UPDATE transactions SET finished = true WHERE id = \(id) AND account = \(account.id) RETURNING id")
            .isEmpty
    }

    func deleteTransactionsAndRequests(account: CustomerAccount) async throws {
        try await run("DELETE FROM transactions WHERE account = \(account.id)")
        try await run("DELETE FROM askToBuyRequests WHERE account = \(account.id)")
        try await run("DELETE FROM refundRequests WHERE account = \(account.id)")
    }

    func askToBuyRequests(account: CustomerAccount) async throws -> [AskToBuyRequest] {
        try await run("SELECT * FROM askToBuyRequests WHERE account = \(account.id) ORDER BY id")
            .map { try AskToBuyRequest(columns: PostgresColumns($0)) }
    }

    func askToBuyRequest(id: Int64, account: CustomerAccount) async throws -> AskToBuyRequest? {
        try await run("SELECT * FROM askToBuyRequests WHERE id = \(id) AND account = \(account.id)")
            .first.map { try AskToBuyRequest(columns: PostgresColumns($0)) }
    }

    func askToBuyRequest(attemptID: UUID) async throws -> AskToBuyRequest? {
        try await run("SELECT * FROM askToBuyRequests WHERE purchaseAttemptID = \(attemptID.uuidString)")
            .first.map { try AskToBuyRequest(columns: PostgresColumns($0)) }
    }

    func insertAskToBuyRequest(
        attemptID: UUID, purchase: LedgerPurchase, createdAt: Date, account: CustomerAccount
    ) async throws -> AskToBuyRequest {
        let json = try AskToBuyRequest.encode(purchase)
        return try AskToBuyRequest(columns: PostgresColumns(try await onlyRow("""
            INSERT INTO askToBuyRequests (purchaseAttemptID, status, createdAt, purchase, account)
            VALUES (\(attemptID.uuidString), 'pending', \(createdAt.ledgerMilliseconds), \(json), \(account.id))
            RETURNING *
            """, answering: "the new ask-to-buy request")))
    }

    func decideAskToBuyRequest(
        id: Int64, account: CustomerAccount, status: AskToBuyRequest.Status, at date: Date
    ) async throws {
        try await run("""
            UPDATE askToBuyRequests SET status = \(status.rawValue), decidedAt = \(date.ledgerMilliseconds)
            WHERE id = \(id) AND account = \(account.id) AND status = 'pending'
            """)
    }

    func storeState(account: CustomerAccount, key: String) async throws -> StoreStateValue? {
        try await run("SELECT kind, value FROM storeState WHERE account = \(account.id) AND key = \(key)")
            .first.flatMap { row in
                let (kind, value) = try row.decode((String, String).self)
                return StoreStateValue(kind: kind, value: value)
            }
    }

    func storeStates(account: CustomerAccount, keyPrefix: String) async throws
        -> [(key: String, value: StoreStateValue)]
    {
        try await run("""
            SELECT key, kind, value FROM storeState
            WHERE account = \(account.id) AND starts_with(key, \(keyPrefix)) ORDER BY key
            """).compactMap { row in
            let (key, kind, value) = try row.decode((String, String, String).self)
            return StoreStateValue(kind: kind, value: value).map { (key, $0) }
        }
    }

    func setStoreState(_ value: StoreStateValue?, account: CustomerAccount, key: String) async throws {
        guard let value else {
            try await run("DELETE FROM storeState WHERE account = \(account.id) AND key = \(key)")
            return
        }
        try await run("""
            INSERT INTO storeState (account, key, kind, value) VALUES (\(account.id), \(key), \(value.kind), \(value.storedText))
            ON CONFLICT (account, key) DO UPDATE SET kind = excluded.kind, value = excluded.value
            """)
    }

    func deleteStoreStates(account: CustomerAccount, keyPrefix: String) async throws {
        try await run("DELETE FROM storeState WHERE account = \(account.id) AND starts_with(key, \(keyPrefix))")
    }

    func changeMarker(account: CustomerAccount) async throws -> Ledger.ChangeMarker {
        let row = try await onlyRow("""
            SELECT COUNT(*), COALESCE(MAX(id), 0), COUNT(revocationDate), COALESCE(SUM(expirationDate), 0)::float8,
                   (SELECT COALESCE(string_agg(key || '=' || value, ';' ORDER BY key), '') FROM storeState WHERE account = \(account.id)),
                   (SELECT COUNT(*) || ':' || COUNT(decidedAt) FROM askToBuyRequests WHERE account = \(account.id))
                       || (SELECT COALESCE(string_agg('|' || originalID::text || status || price, '' ORDER BY originalID), '')
                           FROM priceIncreases WHERE account = \(account.id))
                       || (SELECT COALESCE(string_agg('!' || productID, '' ORDER BY productID), '') FROM productsRemovedFromSale)
                       || (SELECT '?' || COUNT(*) || ':' || COUNT(*) FILTER (WHERE status = \(RefundRequest.Status.pending.rawValue)) FROM refundRequests
                           WHERE account = \(account.id)),
                   (SELECT COALESCE(string_agg(originalID || '=' || offerID, ';' ORDER BY originalID), '') FROM pendingOffers WHERE account = \(account.id))
            FROM transactions WHERE account = \(account.id)
            """, answering: "the ledger's change marker")
        let (count, highestID, revoked, expirations, storeState, askToBuy, pendingOffers) =
            try row.decode((Int64, Int64, Int64, Double, String, String, String).self)
        return Ledger.ChangeMarker(
            count: count, highestID: highestID, revoked: revoked, expirations: expirations,
            storeState: storeState, askToBuy: askToBuy, pendingOffers: pendingOffers
        )
    }

    static func bindings(_ values: [LedgerColumnValue?]) throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case nil: bindings.appendNull()
            case .integer(let number)?: bindings.append(number)
            case .string(let text)?: bindings.append(text)
            case .bool(let flag)?: bindings.append(flag)
            }
        }
        return bindings
    }
}

/// A result row's columns by name: PostgreSQL gives them in lower case.
struct PostgresColumns: LedgerColumns {
    let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        self.row = row.makeRandomAccess()
    }

    func int64(_ column: String) throws -> Int64? { try row[column.lowercased()].decode(Int64?.self) }
    func string(_ column: String) throws -> String? { try row[column.lowercased()].decode(String?.self) }
    func bool(_ column: String) throws -> Bool? { try row[column.lowercased()].decode(Bool?.self) }
}

extension StoreStateValue {
    init?(kind: String, value: String) {
        switch kind {
        case "integer": guard let number = Int64(value) else { return nil }; self = .integer(number)
        case "real": guard let number = Double(value) else { return nil }; self = .real(number)
        case "text": self = .text(value)
        default: return nil
        }
    }

    var kind: String {
        switch self {
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        }
    }

    var storedText: String {
        switch self {
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): text
        }
    }
}
