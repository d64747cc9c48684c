import Foundation

/// A parsed JSON document kept as plain values, so a reader can check every key and type
/// itself and name the JSON path of anything wrong.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Keys sorted, so unknown-key messages come out the same every run.
    case object([String: JSONValue])

    /// What a message calls this kind of value: "a string", "an object", ….
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys {
                members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd {
                elements.append(try array.decode(JSONValue.self))
            }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}

/// A JSON value with its path in the document, for reading with checks.
struct JSONNode {
    let value: JSONValue
    /// Such as `shops[2].productIDs[0]`; empty for the document itself.
    let path: String

    /// A problem at this node's path.
    struct Problem: Error {
        let path: String
        let message: String
    }

    func problem(_ message: String) -> Problem {
        Problem(path: path, message: message)
    }

    func child(_ key: String) -> JSONNode? {
        guard case .object(let members) = value, let member = members[key], member != .null else { return nil }
        return JSONNode(value: member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// Fails on a key not in `known`, so a typo such as "productIds" is not silently ignored.
    func object(keys known: Set<String>) throws(Problem) -> Self {
        guard case .object(let members) = value else { throw problem("expected an object, found \(value.kindName)") }
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            let expected = known.sorted().joined(separator: ", ")
            throw JSONNode(value: members[unknown] ?? .null, path: path.isEmpty ? unknown : "\(path).\(unknown)")
                .problem("unknown key \"\(unknown)\" (expected one of: \(expected))")
        }
        return self
    }

    func required(_ key: String) throws(Problem) -> JSONNode {
        guard let node = child(key) else { throw problem("missing \"\(key)\"") }
        return node
    }

    func string() throws(Problem) -> String {
        guard case .string(let text) = value else { throw problem("expected a string, found \(value.kindName)") }
        return text
    }

    func nonEmptyString() throws(Problem) -> String {
        let text = try string()
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw problem("must not be empty") }
        return text
    }

    func bool() throws(Problem) -> Bool {
        guard case .bool(let flag) = value else { throw problem("expected true or false, found \(value.kindName)") }
        return flag
    }

    func array() throws(Problem) -> [JSONNode] {
        guard case .array(let elements) = value else { throw problem("expected an array, found \(value.kindName)") }
        return elements.enumerated().map { JSONNode(value: $0.element, path: "\(path)[\($0.offset)]") }
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
