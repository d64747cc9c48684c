import Foundation
import LocalStore
import PostgresNIO

extension PostgresSession {
    func refundRequest(transactionID: Int64, account: CustomerAccount) async throws -> RefundRequest? {
        try await run("SELECT * FROM refundRequests WHERE transactionID = \(transactionID) AND account = \(account.id)")
            .first.map { try RefundRequest(columns: PostgresColumns($0)) }
    }

    func refundRequestedTransactionIDs(account: CustomerAccount) async throws -> Set<Int64> {
        Set(try await run("SELECT transactionID FROM refundRequests WHERE account = \(account.id) AND status = \(RefundRequest.Status.pending.rawValue)").map { try $0.decode(Int64.self) })
    }

    func saveRefundRequest(_ request: RefundRequest) async throws {
        let names = RefundRequest.columnNames
        let placeholders = (1...names.count).map { "$\($0)" }.joined(separator: ", ")
        let updates = names.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        try await run(PostgresQuery(
            unsafeSQL: "INSERT INTO refundRequests (\(names.joined(separator: ", "))) VALUES (\(placeholders)) "
                + "ON CONFLICT (transactionID) DO UPDATE SET \(updates)",
            binds: try Self.bindings(request.columnValues)
        ))
    }
}
