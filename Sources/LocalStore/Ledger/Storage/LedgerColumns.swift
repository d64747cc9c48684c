import Foundation

/// One stored row's columns by name, as each engine reads them: nil for NULL, a throw for a
/// column of the wrong type.
package protocol LedgerColumns {
    func int64(_ column: String) throws -> Int64?
    func string(_ column: String) throws -> String?
    func bool(_ column: String) throws -> Bool?
}

extension LedgerColumns {
    /// A NOT NULL column; a NULL one means a hand edit got past the schema.
    func required<Value>(_ value: Value?, table: String, id: Int64, column: String) throws -> Value {
        guard let value else { throw CorruptRow(table: table, id: id, column: column) }
        return value
    }
}

/// A column value the engines write, in `TransactionRow.columns` order.
package enum LedgerColumnValue: Sendable, Hashable {
    case integer(Int64)
    case string(String)
    case bool(Bool)
}

/// A row whose column cannot be read back; only possible when CHECKs were bypassed.
struct CorruptRow: Error {
    var table: String
    var id: Int64
    var column: String
}
