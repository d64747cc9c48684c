/// A value together with where it sits in the file, so that every type check can name its JSON
/// path: `products[3].localizations[0].locale: expected a string, found a number`. The catalog
/// reader uses it, and so do other readers of JSON files (CatalogLayouts reads layouts with it).
///
/// Optional keys read as nil when absent or `null`; `required…` reads fail when they are.
///
/// ```swift
/// let root = Node(root: try JSONReader.parse(data))
/// let title = try root.string("title") ?? "Store"
/// for shop in try root.array("shops") { try shop.expectObject(keys: ["title", "kind"]) }
/// ```
public struct Node: Sendable {
    public let value: PropertyValue
    public let path: Path

    /// A JSON path built as a linked list, rendered only when an error needs it.
    public indirect enum Path: Sendable, CustomStringConvertible {
        case root
        case key(Path, String)
        case index(Path, Int)

        /// Such as `shops[2].productIDs[0]`; empty for the document itself.
        public var description: String {
            switch self {
            case .root: ""
            case .key(.root, let key): key
            case .key(let parent, let key): "\(parent).\(key)"
            case .index(let parent, let index): "\(parent)[\(index)]"
            }
        }
    }

    /// What is wrong, and where: the path as text (empty for the document itself).
    public struct Problem: Error, Sendable {
        public var path: String
        public var message: String
    }

    /// The document itself.
    public init(root value: PropertyValue) {
        self.value = value
        self.path = .root
    }

    init(_ value: PropertyValue, at path: Path) {
        self.value = value
        self.path = path
    }

    /// A problem at this node's path.
    public func problem(_ message: String) -> Problem {
        Problem(path: path.description, message: message)
    }

    /// A problem with the member `key`.
    func problem(at key: String, _ message: String) -> Problem {
        Problem(path: Path.key(path, key).description, message: message)
    }

    /// The member `key`, or nil when it is absent or `null`.
    public func child(_ key: String) -> Node? {
        member(key).map { Node($0, at: .key(path, key)) }
    }

    /// The value of `key`, or nil when it is absent or `null`. The readers below look values up
    /// with it and make a child node (its path) only for an error: a path for every field read
    /// was an allocation each, a tenth of loading 100,000 products.
    private func member(_ key: String) -> PropertyValue? {
        guard let member = value[key] else { return nil }
        if case .null = member { return nil }
        return member
    }

    /// The node of `key`'s `member`, made for an error message.
    private func at(_ key: String, _ member: PropertyValue) -> Node {
        Node(member, at: .key(path, key))
    }

    func requiredChild(_ key: String) throws(Problem) -> Node {
        guard let child = child(key) else { throw missing(key) }
        return child
    }

    private func missing(_ key: String) -> Problem {
        at(key, .null).problem("missing (expected a value here)")
    }

    public func string(_ key: String) throws(Problem) -> String? {
        guard let member = member(key) else { return nil }
        guard case .string(let text) = member else { throw at(key, member).mismatch("a string") }
        return text
    }

    func requiredString(_ key: String) throws(Problem) -> String {
        guard let text = try string(key) else { throw missing(key) }
        return text
    }

    func bool(_ key: String) throws(Problem) -> Bool? {
        guard let member = member(key) else { return nil }
        guard case .bool(let flag) = member else { throw at(key, member).mismatch("a boolean") }
        return flag
    }

    func int(_ key: String) throws(Problem) -> Int? {
        guard let member = member(key) else { return nil }
        guard case .number(let text) = member, let number = Int(text) else {
            throw at(key, member).intMismatch()
        }
        return number
    }

    func requiredInt(_ key: String) throws(Problem) -> Int {
        guard let number = try int(key) else { throw missing(key) }
        return number
    }

    /// The elements of the array `key`; empty when the key is absent or `null`.
    public func array(_ key: String) throws(Problem) -> [Node] {
        try child(key)?.elements() ?? []
    }

    /// The elements of this array, each with its path.
    public func elements() throws(Problem) -> [Node] {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return elements.enumerated().map { Node($0.element, at: .index(path, $0.offset)) }
    }

    /// The members of this object in file order, each with its path.
    public func members() throws(Problem) -> [(key: String, node: Node)] {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return members.map { ($0.key, Node($0.value, at: .key(path, $0.key))) }
    }

    /// The object `key`, or nil when absent or `null`.
    func object(_ key: String) throws(Problem) -> Node? {
        guard let child = child(key) else { return nil }
        try child.expectObject()
        return child
    }

    public func expectObject() throws(Problem) {
        guard case .object = value else { throw mismatch("an object") }
    }

    /// Fails unless this is an object whose keys are all in `known`, naming the first other
    /// one, so that a typo such as "productIds" is not silently ignored.
    public func expectObject(keys known: Set<String>) throws(Problem) {
        guard case .object(let members) = value else { throw mismatch("an object") }
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            let expected = known.sorted().joined(separator: ", ")
            throw problem(at: unknown.key, "unknown key \"\(unknown.key)\" (expected one of: \(expected))")
        }
    }

    public func stringValue() throws(Problem) -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    /// Why this value is not an integer.
    private func intMismatch() -> Problem {
        guard case .number(let text) = value else { return mismatch("an integer") }
        return problem("expected an integer, found \(text)")
    }

    private func mismatch(_ expected: String) -> Problem {
        problem("expected \(expected), found \(value.kindDescription)")
    }
}
