import Foundation

/// Tells Xcode's JSON from a property list by the first byte that is not white space, and
/// parses either into a ``PropertyValue``.
enum StoreKitFileFormat {
    struct Failure: Error {
        var message: String
    }

    static func parse(_ data: Data) throws(Failure) -> PropertyValue {
        try document(data, deferring: []).root.value
    }

    /// The file with the top-level arrays named in `keys` built an element at a time (JSON
    /// only: a property list is read whole). When `data` is `mapping`'s, its pages are given
    /// back as the outline passes them, and again as the elements are built.
    static func document(
        _ data: Data, deferring keys: Set<String>, mapping: MappedFile? = nil
    ) throws(Failure) -> StoreKitDocument {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if data.starts(with: Array("bplist".utf8)) || first == UInt8(ascii: "<") {
            return StoreKitDocument(root: try propertyList(data))
        }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            throw Failure(message: first == nil
                ? "the file is empty"
                : "not a StoreKit configuration: expected JSON or a property list")
        }
        do {
            var reading = mapping.map { MappedFile.Reading($0, from: 0) }
            let outline = try JSONReader.outline(data, deferring: keys, passed: reading.map { _ in { reading?.passed($0) } })
            return StoreKitDocument(outline: outline, bytes: data, mapping: mapping)
        } catch {
            throw Failure(message: "not valid JSON: \(error)")
        }
    }

    /// Deeper than any StoreKit file; the decoder recurses, so deeper input is refused first.
    private static let maximumDepth = 256

    /// The deepest nesting of `<array>` and `<dict>` elements, found by scanning tags.
    private static func xmlNestingDepth(_ data: Data) -> Int {
        var depth = 0, deepest = 0
        var index = data.startIndex
        while let open = data[index...].firstIndex(of: UInt8(ascii: "<")) {
            let tag = data[open...].prefix(8)
            if tag.starts(with: Array("<array>".utf8)) || tag.starts(with: Array("<dict>".utf8)) {
                depth += 1
                deepest = max(deepest, depth)
            } else if tag.starts(with: Array("</array".utf8)) || tag.starts(with: Array("</dict".utf8)) {
                depth -= 1
            }
            index = data.index(after: open)
        }
        return deepest
    }

    /// Where the bytes stop being UTF-8, if they do. Checked before the decoder sees them:
    /// swift-foundation's XML reader traps on an `<integer>` holding invalid UTF-8 (found by
    /// the libFuzzer run in `make check`).
    private static func firstInvalidUTF8(in data: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Property lists go through `PropertyListDecoder` (swift-foundation's own parser), not
    /// `PropertyListSerialization`: on Linux the latter bridges damaged files through
    /// CoreFoundation and can crash the process (found by the catalog fuzz tests).
    private static func propertyList(_ data: Data) throws(Failure) -> PropertyValue {
        if data.starts(with: Array("bplist".utf8)) {
            throw Failure(message: "a binary property list: Xcode writes StoreKit files as JSON or XML")
        }
        if let offset = firstInvalidUTF8(in: data) {
            let line = data[..<offset].count(where: { $0 == UInt8(ascii: "\n") }) + 1
            throw Failure(message: "not valid UTF-8 at line \(line) (byte \(offset + 1))")
        }
        let depth = xmlNestingDepth(data)
        guard depth <= maximumDepth else {
            throw Failure(message: "nested \(depth) levels deep (at most \(maximumDepth) are read)")
        }
        do {
            return try PropertyListDecoder().decode(PropertyListNode.self, from: data).value
        } catch {
            throw Failure(message: "not a valid property list: \(error.localizedDescription)")
        }
    }
}
