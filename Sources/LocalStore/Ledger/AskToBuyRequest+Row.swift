import Foundation
import GRDB

/// Reading and writing the `askToBuyRequests` table; the purchase is stored as JSON.
extension AskToBuyRequest {
    static func fetchAll(_ db: Database, where condition: String = "1", _ arguments: StatementArguments = [])
        throws -> [AskToBuyRequest]
    {
        try Row.fetchAll(db, sql: "SELECT * FROM askToBuyRequests WHERE \(condition) ORDER BY id", arguments: arguments)
            .map(AskToBuyRequest.init(row:))
    }

    static func fetchOne(_ db: Database, where condition: String, _ arguments: StatementArguments) throws
        -> AskToBuyRequest?
    {
        try fetchAll(db, where: condition, arguments).first
    }

    static func encode(_ purchase: LedgerPurchase) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(purchase), as: UTF8.self)
    }

    private init(row: Row) throws {
        let id: Int64 = try row.decode(forColumn: "id")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        func corrupt(_ column: String) -> CorruptRow { CorruptRow(table: "askToBuyRequests", id: id, column: column) }
        let json: String = try row.decode(forColumn: "purchase")
        guard let purchase = try? decoder.decode(LedgerPurchase.self, from: Data(json.utf8)) else {
            throw corrupt("purchase")
        }
        guard let attemptID = UUID(uuidString: try row.decode(forColumn: "purchaseAttemptID")) else {
            throw corrupt("purchaseAttemptID")
        }
        guard let status = Status(rawValue: try row.decode(forColumn: "status")) else {
            throw corrupt("status")
        }
        self.init(
            id: id,
            purchaseAttemptID: attemptID,
            status: status,
            createdAt: Date(ledgerMilliseconds: try row.decode(forColumn: "createdAt")),
            decidedAt: try row.decode(Int64?.self, forColumn: "decidedAt").map(Date.init(ledgerMilliseconds:)),
            purchase: purchase,
            account: CustomerAccount(checked: try row.decode(forColumn: "account"))
        )
    }
}
