/// A value of the store's bookkeeping (`storeState`): a date in milliseconds, the store
/// clock's offset, a renewal preference's text.
package enum StoreStateValue: Sendable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)

    /// Numbers read either way, as SQLite's own conversions did.
    var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .real(let value): Int64(exactly: value.rounded())
        case .text: nil
        }
    }

    var real: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .text: nil
        }
    }

    var text: String? {
        if case .text(let value) = self { value } else { nil }
    }
}
