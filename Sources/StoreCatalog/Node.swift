/// A value together with where it sits in the file, so that every type check can name its JSON
/// path: `products[3].localizations[0].locale: expected a string, found a number`.
///
/// Optional keys read as nil when absent or `null`; `required…` reads fail when they are.
struct Node {
    let value: PropertyValue
    let path: Path

    /// A JSON path built as a linked list, rendered only when an error needs it.
    indirect enum Path: CustomStringConvertible {
        case root
        case key(Path, String)
        case index(Path, Int)

        var description: String {
            switch self {
            case .root: ""
            case .key(.root, let key): key
            case .key(let parent, let key): "\(parent).\(key)"
            case .index(let parent, let index): "\(parent)[\(index)]"
            }
        }
    }

    struct Problem: Error {
        var path: String
        var message: String
    }

    init(root value: PropertyValue) {
        self.value = value
        self.path = .root
    }

    init(_ value: PropertyValue, at path: Path) {
        self.value = value
        self.path = path
    }

    func problem(_ message: String) -> Problem {
        Problem(path: path.description, message: message)
    }

    /// The member `key`, or nil when it is absent or `null`.
    func child(_ key: String) -> Node? {
        guard let member = value[key], member != .null else { return nil }
        return Node(member, at: .key(path, key))
    }

    func requiredChild(_ key: String) throws(Problem) -> Node {
        guard let child = child(key) else {
            throw Node(.null, at: .key(path, key)).problem("missing (expected a value here)")
        }
        return child
    }

    func string(_ key: String) throws(Problem) -> String? {
        try child(key)?.stringValue()
    }

    func requiredString(_ key: String) throws(Problem) -> String {
        try requiredChild(key).stringValue()
    }

    func bool(_ key: String) throws(Problem) -> Bool? {
        guard let child = child(key) else { return nil }
        guard case .bool(let flag) = child.value else { throw child.mismatch("a boolean") }
        return flag
    }

    func int(_ key: String) throws(Problem) -> Int? {
        try child(key)?.intValue()
    }

    func requiredInt(_ key: String) throws(Problem) -> Int {
        try requiredChild(key).intValue()
    }

    /// The elements of the array `key`; empty when the key is absent or `null`.
    func array(_ key: String) throws(Problem) -> [Node] {
        guard let child = child(key) else { return [] }
        guard case .array(let elements) = child.value else { throw child.mismatch("an array") }
        return elements.enumerated().map { Node($0.element, at: .index(child.path, $0.offset)) }
    }

    /// The object `key`, or nil when absent or `null`.
    func object(_ key: String) throws(Problem) -> Node? {
        guard let child = child(key) else { return nil }
        try child.expectObject()
        return child
    }

    func expectObject() throws(Problem) {
        guard case .object = value else { throw mismatch("an object") }
    }

    func stringValue() throws(Problem) -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    private func intValue() throws(Problem) -> Int {
        guard case .number(let text) = value else { throw mismatch("an integer") }
        guard let number = Int(text) else { throw problem("expected an integer, found \(text)") }
        return number
    }

    private func mismatch(_ expected: String) -> Problem {
        problem("expected \(expected), found \(value.kindDescription)")
    }
}
