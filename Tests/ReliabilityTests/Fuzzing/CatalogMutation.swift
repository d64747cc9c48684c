import Foundation
@testable import StoreCatalog

/// The ways the fuzz test damages a catalog, as the issue lists them, plus re-encoding as a
/// binary property list (the other format the loader accepts).
enum CatalogMutation: String, CaseIterable, Sendable {
    case truncated, bytesFlipped, keyRemoved, typeSwapped, hugeString, deepNesting
    case megabyteDescription, invalidUTF8, binaryPropertyList

    /// A seed catalog: its bytes and, when it parses, its tree.
    struct Seed {
        var name: String
        var bytes: [UInt8]
        var tree: PropertyValue?

        init(url: URL) throws {
            name = url.lastPathComponent
            bytes = [UInt8](try Data(contentsOf: url))
            tree = try? StoreKitFileFormat.parse(Data(bytes))
        }
    }

    /// A damaged copy of `seed`. Structural damage is written back as Xcode-style JSON.
    func apply(to seed: Seed, using random: inout SeededGenerator) -> [UInt8] {
        let tree = seed.tree ?? .object([])
        switch self {
        case .truncated:
            return Array(seed.bytes.prefix(Int.random(in: 0..<max(1, seed.bytes.count), using: &random)))
        case .bytesFlipped:
            return Self.flipBytes(seed.bytes, using: &random)
        case .keyRemoved:
            var damaged = tree
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let members = damaged.allPaths.filter { !$0.isEmpty }
                guard let path = members.randomElement(using: &random) else { break }
                damaged.remove(at: path)
            }
            return Array(damaged.xcodeJSON.utf8)
        case .typeSwapped:
            var damaged = tree
            let path = damaged.allPaths.randomElement(using: &random) ?? []
            damaged[path: path[...]] = Self.otherKind(than: damaged[path: path[...]], using: &random)
            return Array(damaged.xcodeJSON.utf8)
        case .hugeString:
            let strings = tree.allPaths.filter { if case .string = tree[path: $0[...]] { true } else { false } }
            let path = strings.randomElement(using: &random) ?? []
            return Self.splice(HugeText.strings.randomElement(using: &random)!, into: tree, at: path)
        case .deepNesting:
            let depth = Int.random(in: 200...10_000, using: &random)
            let (open, close) = Bool.random(using: &random) ? ("[", "]") : (#"{"a":"#, "}")
            let nested = String(repeating: open, count: depth) + "0" + String(repeating: close, count: depth)
            return Self.splice(nested, into: tree, at: tree.allPaths.randomElement(using: &random) ?? [])
        case .megabyteDescription:
            let descriptions = tree.paths(ofKey: "description")
            if let path = descriptions.randomElement(using: &random) {
                return Self.splice(HugeText.megabyteDescription, into: tree, at: path)
            }
            guard case .object(var members) = tree else { return Array(HugeText.megabyteDescription.utf8) }
            members.append(.init(key: "description", value: .null))
            let added = PropertyValue.object(members)
            return Self.splice(HugeText.megabyteDescription, into: added, at: added.paths(ofKey: "description")[0])
        case .invalidUTF8:
            return Self.insertInvalidUTF8(into: seed.bytes, using: &random)
        case .binaryPropertyList:
            let encoded = (try? PropertyListSerialization.data(
                fromPropertyList: tree.propertyListObject, format: .binary, options: 0
            )).map { [UInt8]($0) } ?? []
            return Bool.random(using: &random) ? Self.flipBytes(encoded, using: &random) : encoded
        }
    }

    private static func flipBytes(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        var damaged = bytes
        for _ in 0..<Int.random(in: 1...16, using: &random) {
            damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
        }
        return damaged
    }

    /// Values of a kind other than `value`'s, favouring the edges parsers trip on.
    private static func otherKind(than value: PropertyValue, using random: inout SeededGenerator) -> PropertyValue {
        let candidates: [PropertyValue] = [
            .number("1e999999"), .number("-0"), .number("99999999999999999999999999999"), .number("0.5"),
            .number("-1"), .bool(true), .null, .string(""), .string("P0M"), .string("NaN"),
            .string(String(repeating: "9", count: 300)), .array([]), .array([.null]), .object([]),
        ]
        let other = candidates.filter { $0.kindDescription != value.kindDescription }
        return other.randomElement(using: &random) ?? .null
    }

    /// The tree as Xcode-style JSON with the value at `path` replaced by `json`, spliced in as
    /// text: re-encoding a megabyte through the writer for every input would dominate the run.
    private static func splice(_ json: String, into tree: PropertyValue, at path: [PropertyValue.Step]) -> [UInt8] {
        let marker = "\u{1}splice-here\u{1}"
        var marked = tree
        marked[path: path[...]] = .string(marker)
        let text = marked.xcodeJSON
        guard let range = text.range(of: PropertyValue.string(marker).compactJSON) else { return Array(text.utf8) }
        return Array(text[..<range.lowerBound].utf8) + Array(json.utf8) + Array(text[range.upperBound...].utf8)
    }

    /// Puts a byte sequence that is not UTF-8 just inside a random string (or anywhere, for a
    /// file without strings): a stray continuation byte, an overlong form, an encoded surrogate,
    /// a cut-off sequence, or bytes that never occur.
    private static func insertInvalidUTF8(into bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        let sequences: [[UInt8]] = [[0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE6, 0x97], [0xFF], [0xFE, 0xFE], [0xF4, 0x90, 0x80, 0x80]]
        let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
        let position = quotes.randomElement(using: &random).map { $0 + 1 }
            ?? Int.random(in: 0...bytes.count, using: &random)
        var damaged = bytes
        damaged.insert(contentsOf: sequences.randomElement(using: &random)!, at: position)
        return damaged
    }
}
