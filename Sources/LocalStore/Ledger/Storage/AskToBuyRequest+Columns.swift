import Foundation

/// An `askToBuyRequests` row in every engine; the purchase is stored as JSON.
extension AskToBuyRequest {
    package static func encode(_ purchase: LedgerPurchase) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(purchase), as: UTF8.self)
    }

    /// Reads a stored row; a column that does not read back throws `CorruptRow`.
    package init(columns row: some LedgerColumns) throws {
        let id = try row.int64("id") ?? 0
        func required<Value>(_ value: Value?, _ column: String) throws -> Value {
            try row.required(value, table: "askToBuyRequests", id: id, column: column)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let json = try required(row.string("purchase"), "purchase")
        self.init(
            id: id,
            purchaseAttemptID: try required(row.string("purchaseAttemptID").flatMap(UUID.init(uuidString:)), "purchaseAttemptID"),
            status: try required(row.string("status").flatMap(Status.init(rawValue:)), "status"),
            createdAt: Date(ledgerMilliseconds: try required(row.int64("createdAt"), "createdAt")),
            decidedAt: try row.int64("decidedAt").map(Date.init(ledgerMilliseconds:)),
            purchase: try required(try? decoder.decode(LedgerPurchase.self, from: Data(json.utf8)), "purchase"),
            account: CustomerAccount(checked: try required(row.string("account"), "account"))
        )
    }
}
