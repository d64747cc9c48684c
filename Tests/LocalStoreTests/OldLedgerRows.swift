import Foundation
import GRDB
@testable import LocalStore

extension LedgerFolder {
    /// Writes the schema as the migrations up to `version` left it, with `transaction` signed
    /// by the folder's store key as a storefront of that time did: only the fields it has, since
    /// columns later migrations added did not exist yet. Returns the open database.
    func writeOldRow(_ transaction: LedgerTransaction, schemaUpTo version: String) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: database.path)
        try LedgerSchema.migrator.migrate(queue, upTo: version)
        let key = try StoreKeySet.loadOrCreate(at: signingKey).signingKey
        let jws = try key.sign(transaction.signedPayload)
        let signed = zip(LedgerTransaction.signedFields.map(\.name), TransactionRow.signedColumnValues(of: transaction))
            .filter { $0.1 != nil }
        let columns = signed.map(\.0) + ["purchaseAttemptID", "jws"]
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO transactions (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                arguments: StatementArguments(signed.map(\.1.databaseValue) + [UUID().uuidString.databaseValue, jws.databaseValue])
            )
        }
        return queue
    }
}
