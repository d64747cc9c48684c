import Foundation
import GRDB

/// The ledger's statements in SQLite, each run inside the GRDB transaction of a `StatementChannel`.
struct SQLiteSession: LedgerStorageSession {
    let channel: StatementChannel

    private static let insertSQL: String = {
        let placeholders = Array(repeating: "?", count: TransactionRow.columnNames.count).joined(separator: ", ")
        return "INSERT INTO transactions (\(TransactionRow.columnNames.joined(separator: ", "))) VALUES (\(placeholders))"
    }()

    private static let resignSQL: String = {
        let assignments = (TransactionRow.signedColumnNames + ["jws"]).map { "\($0) = ?" }
        return "UPDATE transactions SET \(assignments.joined(separator: ", ")) WHERE id = ?"
    }()

    func transactionRows(account: CustomerAccount, unfinishedOnly: Bool) async throws -> [TransactionRow] {
        try await transactionRows(where: "account = ?" + (unfinishedOnly ? " AND finished = 0" : ""), [account.id])
    }

    func transactionRow(account: CustomerAccount, id: Int64) async throws -> TransactionRow? {
        try await transactionRows(where: "account = ? AND id = ?", [account.id, id]).first
    }

    func transactionRow(attemptID: UUID) async throws -> TransactionRow? {
        try await transactionRows(where: "purchaseAttemptID = ?", [attemptID.uuidString]).first
    }

    func transactionAccountID(id: Int64) async throws -> String? {
        try channel.perform { db in
            try String.fetchOne(db, sql: "SELECT account FROM transactions WHERE id = ?", arguments: [id])
        }
    }

    private func transactionRows(where condition: String, _ arguments: StatementArguments) async throws
        -> [TransactionRow]
    {
        try channel.perform { db in
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT * FROM transactions WHERE \(condition) ORDER BY id"),
                arguments: arguments
            )
            var result: [TransactionRow] = []
            while let row = try rows.next() {
                result.append(try TransactionRow(columns: row))
            }
            return result
        }
    }

    func nextTransactionID() async throws -> Int64 {
        // AUTOINCREMENT's rule, taken before signing.
        try channel.perform { db in
            try Int64.fetchOne(db, sql: """
                SELECT MAX(
                    COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'transactions'), 0),
                    COALESCE((SELECT MAX(id) FROM transactions), 0)
                ) + 1
                """) ?? 1
        }
    }

    func insertTransaction(_ row: TransactionRow) async throws {
        let values = row.columnValues.map(\.databaseValue)
        try channel.perform { db in
            try db.cachedStatement(sql: Self.insertSQL).execute(arguments: StatementArguments(values))
        }
    }

    func resignTransaction(_ transaction: LedgerTransaction, jws: String) async throws {
        let values = TransactionRow.signedColumnValues(of: transaction).map(\.databaseValue)
            + [jws.databaseValue, transaction.id.databaseValue]
        try channel.perform { db in
            try db.cachedStatement(sql: Self.resignSQL).execute(arguments: StatementArguments(values))
        }
    }

    func finishTransaction(id: Int64, account: CustomerAccount) async throws -> Bool {
        try channel.perform { db in
            try db.execute(
                sql: "UPDATE transactions SET finished = 1 WHERE id = ? AND account = ?", arguments: [id, account.id]
            )
            return db.changesCount > 0
        }
    }

    func deleteTransactionsAndRequests(account: CustomerAccount) async throws {
        try channel.perform { db in
            try db.execute(
                sql: """
                    DELETE FROM transactions WHERE account = ?; DELETE FROM askToBuyRequests WHERE account = ?;
                    DELETE FROM refundRequests WHERE account = ?
                    """,
                arguments: [account.id, account.id, account.id]
            )
        }
    }

    func askToBuyRequests(account: CustomerAccount) async throws -> [AskToBuyRequest] {
        try await askToBuyRequests(where: "account = ?", [account.id])
    }

    func askToBuyRequest(id: Int64, account: CustomerAccount) async throws -> AskToBuyRequest? {
        try await askToBuyRequests(where: "id = ? AND account = ?", [id, account.id]).first
    }

    func askToBuyRequest(attemptID: UUID) async throws -> AskToBuyRequest? {
        try await askToBuyRequests(where: "purchaseAttemptID = ?", [attemptID.uuidString]).first
    }

    private func askToBuyRequests(where condition: String, _ arguments: StatementArguments) async throws
        -> [AskToBuyRequest]
    {
        try channel.perform { db in
            try Row.fetchAll(db, sql: "SELECT * FROM askToBuyRequests WHERE \(condition) ORDER BY id", arguments: arguments)
                .map(AskToBuyRequest.init(columns:))
        }
    }

    func insertAskToBuyRequest(
        attemptID: UUID, purchase: LedgerPurchase, createdAt: Date, account: CustomerAccount
    ) async throws -> AskToBuyRequest {
        let json = try AskToBuyRequest.encode(purchase)
        let id = try channel.perform { db in
            try db.execute(
                sql: """
                    INSERT INTO askToBuyRequests (purchaseAttemptID, status, createdAt, purchase, account)
                    VALUES (?, 'pending', ?, ?, ?)
                    """,
                arguments: [attemptID.uuidString, createdAt.ledgerMilliseconds, json, account.id]
            )
            return db.lastInsertedRowID
        }
        return try await askToBuyRequest(id: id, account: account)!
    }

    func decideAskToBuyRequest(
        id: Int64, account: CustomerAccount, status: AskToBuyRequest.Status, at date: Date
    ) async throws {
        try channel.perform { db in
            try db.execute(
                sql: """
                    UPDATE askToBuyRequests SET status = ?, decidedAt = ?
                    WHERE id = ? AND account = ? AND status = 'pending'
                    """,
                arguments: [status.rawValue, date.ledgerMilliseconds, id, account.id]
            )
        }
    }

    func storeState(account: CustomerAccount, key: String) async throws -> StoreStateValue? {
        try channel.perform { db in
            try DatabaseValue.fetchOne(
                db, sql: "SELECT value FROM storeState WHERE account = ? AND key = ?", arguments: [account.id, key]
            ).flatMap(StoreStateValue.init)
        }
    }

    func storeStates(account: CustomerAccount, keyPrefix: String) async throws
        -> [(key: String, value: StoreStateValue)]
    {
        let rows = try channel.perform { db in
            try Row.fetchAll(
                db, sql: "SELECT key, value FROM storeState WHERE account = ? AND key LIKE ? ORDER BY key",
                arguments: [account.id, keyPrefix + "%"]
            ).map { row -> (String, DatabaseValue) in (try row.decode(forColumn: "key"), row["value"]) }
        }
        return rows.compactMap { key, value in StoreStateValue(value).map { (key, $0) } }
    }

    func setStoreState(_ value: StoreStateValue?, account: CustomerAccount, key: String) async throws {
        try channel.perform { db in
            if let value {
                try db.execute(
                    sql: """
                        INSERT INTO storeState (account, key, value) VALUES (?, ?, ?)
                        ON CONFLICT (account, key) DO UPDATE SET value = excluded.value
                        """,
                    arguments: [account.id, key, value.databaseValue]
                )
            } else {
                try db.execute(sql: "DELETE FROM storeState WHERE account = ? AND key = ?", arguments: [account.id, key])
            }
        }
    }

    func deleteStoreStates(account: CustomerAccount, keyPrefix: String) async throws {
        try channel.perform { db in
            try db.execute(
                sql: "DELETE FROM storeState WHERE account = ? AND key LIKE ?", arguments: [account.id, keyPrefix + "%"]
            )
        }
    }

    func changeMarker(account: CustomerAccount) async throws -> Ledger.ChangeMarker {
        try channel.perform { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), COALESCE(MAX(id), 0), COUNT(revocationDate), TOTAL(expirationDate),
                       (SELECT COALESCE(group_concat(key || '=' || value, ';'), '') FROM storeState WHERE account = ?1),
                       (SELECT COUNT(*) || ':' || COUNT(decidedAt) FROM askToBuyRequests WHERE account = ?1)
                           || (SELECT COALESCE(group_concat('|' || originalID || status || price, ''), '') FROM priceIncreases WHERE account = ?1)
                           || (SELECT COALESCE(group_concat('!' || productID, ''), '') FROM productsRemovedFromSale)
                           || (SELECT '?' || COUNT(*) || ':' || COUNT(CASE WHEN status = ?2 THEN 1 END) FROM refundRequests WHERE account = ?1),
                       (SELECT COALESCE(group_concat(originalID || '=' || offerID, ';'), '') FROM pendingOffers WHERE account = ?1)
                FROM transactions WHERE account = ?1
                """, arguments: [account.id, RefundRequest.Status.pending.rawValue])
            return Ledger.ChangeMarker(
                count: row?[0] ?? 0, highestID: row?[1] ?? 0, revoked: row?[2] ?? 0, expirations: row?[3] ?? 0,
                storeState: row?[4] ?? "", askToBuy: row?[5] ?? "", pendingOffers: row?[6] ?? ""
            )
        }
    }
}

extension Row: LedgerColumns {
    package func int64(_ column: String) throws -> Int64? { try decode(Int64?.self, forColumn: column) }
    package func string(_ column: String) throws -> String? { try decode(String?.self, forColumn: column) }
    package func bool(_ column: String) throws -> Bool? { try decode(Bool?.self, forColumn: column) }
}

extension Optional<LedgerColumnValue> {
    var databaseValue: DatabaseValue {
        switch self {
        case nil: .null
        case .integer(let number)?: number.databaseValue
        case .string(let text)?: text.databaseValue
        case .bool(let flag)?: flag.databaseValue
        }
    }
}

extension StoreStateValue {
    /// nil for NULL and blobs, which the store never writes.
    init?(_ value: DatabaseValue) {
        switch value.storage {
        case .int64(let number): self = .integer(number)
        case .double(let number): self = .real(number)
        case .string(let text): self = .text(text)
        case .null, .blob: return nil
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        }
    }
}
