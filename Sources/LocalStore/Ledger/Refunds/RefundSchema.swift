import Foundation
import GRDB

/// The refund decisions' ledger state (migration `v5-refund`, the same in both engines): the
/// transactions' revocation type and percentage, signed like every column, and the
/// `refundRequests` table.
package enum RefundSchema {
    private static let reasons = RefundRequest.Reason.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    private static let statuses = RefundRequest.Status.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")

    /// `integer` is each engine's 64-bit integer type.
    private static func statements(integer: String) -> [String] {
        [
            "ALTER TABLE transactions ADD COLUMN revocationType TEXT",
            "ALTER TABLE transactions ADD COLUMN revocationPercentage \(integer) CHECK (revocationPercentage BETWEEN 0 AND 100000)",
            """
            CREATE TABLE refundRequests (
                transactionID \(integer) PRIMARY KEY,
                account TEXT NOT NULL,
                reason TEXT NOT NULL CHECK (reason IN (\(reasons))),
                status TEXT NOT NULL CHECK (status IN (\(statuses))),
                requestedAt \(integer) NOT NULL,
                decidedAt \(integer),
                consumption TEXT
            )
            """,
        ]
    }

    static func sqlite(_ db: GRDB.Database) throws {
        for statement in statements(integer: "INTEGER") {
            try db.execute(sql: statement)
        }
    }

    /// PostgreSQL's migration text: statements each ending a line with ";".
    package static let postgres = statements(integer: "BIGINT").map { $0 + ";" }.joined(separator: "\n")
}

extension RefundRequest {
    /// The app's answer as the `consumption` column stores it: JSON, keys sorted.
    package static func encode(_ consumption: Consumption?) throws -> String? {
        guard let consumption else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(consumption), as: UTF8.self)
    }

    /// Reads a stored row; a column that does not read back throws `CorruptRow`.
    package init(columns row: some LedgerColumns) throws {
        let id = try row.int64("transactionID") ?? 0
        func required<Value>(_ value: Value?, _ column: String) throws -> Value {
            try row.required(value, table: "refundRequests", id: id, column: column)
        }
        transactionID = id
        account = CustomerAccount(checked: try required(row.string("account"), "account"))
        reason = try required(row.string("reason").flatMap(Reason.init(rawValue:)), "reason")
        status = try required(row.string("status").flatMap(Status.init(rawValue:)), "status")
        requestedAt = Date(ledgerMilliseconds: try required(row.int64("requestedAt"), "requestedAt"))
        decidedAt = try row.int64("decidedAt").map(Date.init(ledgerMilliseconds:))
        consumption = try row.string("consumption").map { json in
            try required(try? JSONDecoder().decode(Consumption.self, from: Data(json.utf8)), "consumption")
        }
    }

    /// The columns both engines write, in `columnNames` order.
    package static let columnNames = ["transactionID", "account", "reason", "status", "requestedAt", "decidedAt", "consumption"]

    package var columnValues: [LedgerColumnValue?] {
        get throws {
            [
                .integer(transactionID), .string(account.id), .string(reason.rawValue), .string(status.rawValue),
                .integer(requestedAt.ledgerMilliseconds), decidedAt.map { .integer($0.ledgerMilliseconds) },
                try Self.encode(consumption).map { .string($0) },
            ]
        }
    }
}
