import Foundation
import StoreCatalog
import StorefrontModel
import TerminalUI

/// A JSON value with its path in the document, for reading with checks.
struct JSONNode {
    let value: PropertyValue
    /// Where the node is, written out only when asked: a shop of 100,000 product IDs would
    /// otherwise build as many path strings to read it.
    private let location: Location

    private enum Location {
        case path(String)
        case element(of: String, index: Int)
    }

    init(value: PropertyValue, path: String) {
        self.value = value
        location = .path(path)
    }

    private init(value: PropertyValue, location: Location) {
        self.value = value
        self.location = location
    }

    /// Such as `shops[2].productIDs[0]`; empty for the document itself.
    var path: String {
        switch location {
        case .path(let path): path
        case .element(let array, let index): "\(array)[\(index)]"
        }
    }

    /// A problem at this node's path.
    struct Problem: Error {
        let path: String
        let message: String
    }

    func problem(_ message: String) -> Problem {
        Problem(path: path, message: message)
    }

    /// The member `key` of an object (the first, if the key repeats); nil when absent or null.
    func child(_ key: String) -> JSONNode? {
        guard case .object(let members) = value, let member = members.first(where: { $0.key == key }),
              member.value != .null
        else { return nil }
        return JSONNode(value: member.value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// Fails on a key not in `known` (the first in the file), so a typo such as "productIds"
    /// is not silently ignored.
    func object(keys known: Set<String>) throws(Problem) -> Self {
        guard case .object(let members) = value else { throw problem("expected an object, found \(value.kindDescription)") }
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            let expected = known.sorted().joined(separator: ", ")
            throw JSONNode(value: unknown.value, path: path.isEmpty ? unknown.key : "\(path).\(unknown.key)")
                .problem("unknown key \"\(unknown.key)\" (expected one of: \(expected))")
        }
        return self
    }

    /// An object's members in file order, each with its path.
    func members() throws(Problem) -> [(key: String, node: JSONNode)] {
        guard case .object(let members) = value else { throw problem("expected an object, found \(value.kindDescription)") }
        return members.map { ($0.key, JSONNode(value: $0.value, path: path.isEmpty ? $0.key : "\(path).\($0.key)")) }
    }

    func required(_ key: String) throws(Problem) -> JSONNode {
        guard let node = child(key) else { throw problem("missing \"\(key)\"") }
        return node
    }

    func string() throws(Problem) -> String {
        guard case .string(let text) = value else { throw problem("expected a string, found \(value.kindDescription)") }
        return text
    }

    func nonEmptyString() throws(Problem) -> String {
        let text = try string()
        // A visible ASCII character first (most IDs) is never blank: no CharacterSet lookup,
        // which was 2% of starting with a shop of 100,000 IDs.
        if let first = text.utf8.first, (0x21...0x7E).contains(first) { return text }
        // The scalars, not trimmingCharacters: it stops at the first letter, with no bridging.
        guard !text.unicodeScalars.allSatisfy(CharacterSet.whitespaces.contains) else { throw problem("must not be empty") }
        return text
    }

    func bool() throws(Problem) -> Bool {
        guard case .bool(let flag) = value else { throw problem("expected true or false, found \(value.kindDescription)") }
        return flag
    }

    func array() throws(Problem) -> [JSONNode] {
        guard case .array(let elements) = value else { throw problem("expected an array, found \(value.kindDescription)") }
        let array = path
        return elements.enumerated().map { JSONNode(value: $0.element, location: .element(of: array, index: $0.offset)) }
    }

    /// One of `cases`, by raw value.
    func oneOf<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws(Problem) -> Choice
    where Choice.RawValue == String {
        let text = try string()
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw problem("\"\(text)\" is not one of \(names)")
        }
        return choice
    }
}
