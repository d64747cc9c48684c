/// A JSON or property-list value as StoreCatalog reads and writes it.
///
/// Objects keep their members in order and numbers keep their exact text, so a `.storekit` file
/// can be written back byte for byte in Xcode's layout (``xcodeJSON``), and command-line output
/// can keep a fixed key order (``compactJSON``).
///
/// ```swift
/// let value = PropertyValue.object([.init(key: "price", value: .string("0.99"))])
/// print(value.compactJSON)  // {"price":"0.99"}
/// ```
public enum PropertyValue: Sendable, Equatable {
    case object([Member])
    case array([PropertyValue])
    case string(String)
    /// The number as written, e.g. `"726861732.61725104"`; parsed only where a field needs it.
    case number(String)
    case bool(Bool)
    case null

    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: PropertyValue

        public init(key: String, value: PropertyValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object from a literal, keeping the order written.
    ///
    /// ```swift
    /// PropertyValue(["id": .string("tip.small"), "level": .number("1")]).compactJSON  // {"id":"tip.small","level":1}
    /// ```
    public init(_ members: KeyValuePairs<String, PropertyValue>) {
        self = .object(members.map { Member(key: $0.key, value: $0.value) })
    }

    /// The value of `key` in an object; the first one wins if a key repeats.
    subscript(key: String) -> PropertyValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name for error messages: "a string", "an array", …
    public var kindDescription: String {
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
