import Foundation
import GRDB

extension SQLiteSession {
    func renewalExtensions(originalTransactionID: Int64) async throws -> [RenewalExtension] {
        try channel.perform { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM renewalExtensions WHERE originalTransactionID = ? ORDER BY createdAt",
                arguments: [originalTransactionID]
            ).map(RenewalExtension.init(columns:))
        }
    }

    func insertRenewalExtension(_ record: RenewalExtension, account: CustomerAccount) async throws {
        try insert(into: "renewalExtensions", RenewalExtension.columnNames, record.columnValues(account: account))
    }

    func massRenewalExtension(requestIdentifier: String) async throws -> MassRenewalExtension? {
        try channel.perform { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM massRenewalExtensions WHERE requestIdentifier = ?", arguments: [requestIdentifier]
            ).map(MassRenewalExtension.init(columns:))
        }
    }

    func insertMassRenewalExtension(_ request: MassRenewalExtension) async throws -> Bool {
        try insert(into: "massRenewalExtensions", MassRenewalExtension.columnNames, request.columnValues, ignoringConflict: true)
    }

    func completeMassRenewalExtension(_ request: MassRenewalExtension) async throws {
        try channel.perform { db in
            try db.execute(
                sql: """
                    UPDATE massRenewalExtensions SET completedAt = ?, succeededCount = ?, failedCount = ?
                    WHERE requestIdentifier = ? AND completedAt IS NULL
                    """,
                arguments: [request.completedAt?.ledgerMilliseconds, request.succeededCount, request.failedCount, request.requestIdentifier]
            )
        }
    }

    /// Inserts one row; with `ignoringConflict`, false when a row with its key exists already.
    @discardableResult
    private func insert(
        into table: String, _ names: [String], _ values: [LedgerColumnValue?], ignoringConflict: Bool = false
    ) throws -> Bool {
        try channel.perform { db in
            let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
            try db.execute(
                sql: "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(placeholders))"
                    + (ignoringConflict ? " ON CONFLICT DO NOTHING" : ""),
                arguments: StatementArguments(values.map(\.databaseValue))
            )
            return db.changesCount > 0
        }
    }
}
