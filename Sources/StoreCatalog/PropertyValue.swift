/// A parsed JSON or property-list value.
///
/// Objects keep their members in file order and numbers keep their exact text, so a file can be
/// written back byte for byte in Xcode's layout (see ``XcodeJSONWriter``).
enum PropertyValue: Sendable, Equatable {
    case object([Member])
    case array([PropertyValue])
    case string(String)
    /// The number as written, e.g. `"726861732.61725104"`; parsed only where a field needs it.
    case number(String)
    case bool(Bool)
    case null

    struct Member: Sendable, Equatable {
        var key: String
        var value: PropertyValue
    }

    /// The value of `key` in an object; the first one wins if a key repeats.
    subscript(key: String) -> PropertyValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name for error messages: "a string", "an array", …
    var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
