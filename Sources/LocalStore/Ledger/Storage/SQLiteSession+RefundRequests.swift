import Foundation
import GRDB

extension SQLiteSession {
    func refundRequest(transactionID: Int64, account: CustomerAccount) async throws -> RefundRequest? {
        try channel.perform { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM refundRequests WHERE transactionID = ? AND account = ?",
                arguments: [transactionID, account.id]
            ).map(RefundRequest.init(columns:))
        }
    }

    func refundRequestedTransactionIDs(account: CustomerAccount) async throws -> Set<Int64> {
        try channel.perform { db in
            Set(try Int64.fetchAll(db, sql: "SELECT transactionID FROM refundRequests WHERE account = ? AND status = ?", arguments: [account.id, RefundRequest.Status.pending.rawValue]))
        }
    }

    func saveRefundRequest(_ request: RefundRequest) async throws {
        let names = RefundRequest.columnNames
        let values = try request.columnValues.map(\.databaseValue)
        try channel.perform { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO refundRequests (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
                arguments: StatementArguments(values)
            )
        }
    }
}
