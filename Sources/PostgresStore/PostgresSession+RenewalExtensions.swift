import Foundation
import LocalStore
import PostgresNIO

extension PostgresSession {
    func renewalExtensions(originalTransactionID: Int64) async throws -> [RenewalExtension] {
        try await run("SELECT * FROM renewalExtensions WHERE originalTransactionID = \(originalTransactionID) ORDER BY createdAt")
            .map { try RenewalExtension(columns: PostgresColumns($0)) }
    }

    func insertRenewalExtension(_ record: RenewalExtension, account: CustomerAccount) async throws {
        try await insert(into: "renewalExtensions", RenewalExtension.columnNames, record.columnValues(account: account))
    }

    func massRenewalExtension(requestIdentifier: String) async throws -> MassRenewalExtension? {
        try await run("SELECT * FROM massRenewalExtensions WHERE requestIdentifier = \(requestIdentifier)")
            .first.map { try MassRenewalExtension(columns: PostgresColumns($0)) }
    }

    func insertMassRenewalExtension(_ request: MassRenewalExtension) async throws -> Bool {
        try await insert(into: "massRenewalExtensions", MassRenewalExtension.columnNames, request.columnValues, ignoringConflict: true)
    }

    func completeMassRenewalExtension(_ request: MassRenewalExtension) async throws {
        try await run("""
            UPDATE massRenewalExtensions SET completedAt = \(request.completedAt?.ledgerMilliseconds),
                succeededCount = \(Int64(request.succeededCount)), failedCount = \(Int64(request.failedCount))
            WHERE requestIdentifier = \(request.requestIdentifier) AND completedAt IS NULL
            """)
    }

    /// Inserts one row; with `ignoringConflict`, false when a row with its key exists already.
    @discardableResult
    private func insert(
        into table: String, _ names: [String], _ values: [LedgerColumnValue?], ignoringConflict: Bool = false
    ) async throws -> Bool {
        let placeholders = (1...names.count).map { "$\($0)" }.joined(separator: ", ")
        let sql = "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(placeholders))"
            + (ignoringConflict ? " ON CONFLICT DO NOTHING" : "") + " RETURNING 1"
        return try await !run(PostgresQuery(unsafeSQL: sql, binds: try Self.bindings(values))).isEmpty
    }
}
