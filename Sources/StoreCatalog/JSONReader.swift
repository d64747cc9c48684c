import Foundation

/// Parses JSON text into a ``PropertyValue``.
///
/// Written by hand rather than using `JSONSerialization` so that objects keep their key order
/// (Xcode-style files round-trip), booleans stay distinct from numbers, syntax errors carry a line
/// and column, and a 10,000-product catalog parses in a few tens of milliseconds.
///
/// ```swift
/// let value = try JSONReader.parse(Array(#"{"b": 1, "a": true}"#.utf8))
/// print(value.compactJSON)  // {"b":1,"a":true}
/// ```
public enum JSONReader {
    /// A syntax error at a 1-based line and column (columns count Unicode scalars).
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String

        public var description: String { "line \(line), column \(column): \(message)" }
    }

    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> PropertyValue {
        try bytes.withUnsafeBufferPointer { buffer throws(SyntaxError) in try parse(buffer) }
    }

    /// Parses a file's bytes where they lie: a copy would double a large catalog's footprint.
    ///
    /// ```swift
    /// let value = try JSONReader.parse(try FileBytes.read(url))
    /// ```
    public static func parse(_ data: Data) throws(SyntaxError) -> PropertyValue {
        // `withUnsafeBytes` rethrows untyped errors, so the typed one travels in a Result.
        try data.withUnsafeBytes { raw in
            Result { () throws(SyntaxError) in try parse(raw.bindMemory(to: UInt8.self)) }
        }.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> PropertyValue {
        try outline(bytes, deferring: []).root
    }

    /// A document whose top-level arrays named in `deferring` are checked but not built:
    /// their elements are byte ranges, each built on its own with `element(_:in:)`, so a
    /// large file's whole tree is never held at once.
    struct Outline {
        /// The top-level value; each deferred array in it is empty.
        var root: PropertyValue
        /// The byte ranges of each deferred array's elements, by key.
        var deferred: [String: [Range<Int>]]
        /// The label of each product in the deferred arrays, by key, in file order: an element
        /// of `products` or `nonRenewingSubscriptions`, or a group's `subscriptions` element
        /// (every group's, one after another, under `subscriptionGroups`).
        var productLabels: [String: [ProductLabel]] = [:]
        /// How many subscriptions each element of `subscriptionGroups` has.
        var groupSizes: [Int] = []
    }

    /// A product's `productID` and `referenceName` as the outline found them, so that a large
    /// catalog's IDs are known before its products are built; empty when missing or not text.
    struct ProductLabel: Sendable, Equatable {
        var id = ""
        var referenceName = ""
    }

    /// The whole document's syntax is checked first, so its errors come before any other.
    /// `passed` is told where each deferred element ends: the bytes before it are not read again
    /// by the outline (a mapped file gives their pages back).
    static func outline(
        _ data: Data, deferring keys: Set<String>, passed: ((Int) -> Void)? = nil
    ) throws(SyntaxError) -> Outline {
        try data.withUnsafeBytes { raw in
            Result { () throws(SyntaxError) in
                try outline(raw.bindMemory(to: UInt8.self), deferring: keys, passed: passed)
            }
        }.get()
    }

    /// One element of an outline's deferred array, from the bytes the outline was made of.
    static func element(_ range: Range<Int>, in data: Data) throws(SyntaxError) -> PropertyValue {
        try data.withUnsafeBytes { raw in
            Result { () throws(SyntaxError) in
                let bytes = raw.bindMemory(to: UInt8.self)
                var cursor = Cursor(bytes: bytes)
                cursor.index = range.lowerBound
                do throws(Cursor.Failure) {
                    return try cursor.value()
                } catch {
                    throw location(of: error, in: bytes)
                }
            }
        }.get()
    }

    private static func outline(
        _ bytes: UnsafeBufferPointer<UInt8>, deferring keys: Set<String>, passed: ((Int) -> Void)? = nil
    ) throws(SyntaxError) -> Outline {
        var cursor = Cursor(bytes: bytes)
        cursor.deferredKeys = keys
        cursor.passed = passed
        do {
            let root = try cursor.document()
            return Outline(root: root, deferred: cursor.deferred, productLabels: cursor.productLabels, groupSizes: cursor.groupSizes)
        } catch {
            throw location(of: error, in: bytes)
        }
    }

    private static func location(of failure: Cursor.Failure, in bytes: UnsafeBufferPointer<UInt8>) -> SyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(failure.offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0b1100_0000 != 0b1000_0000 {  // not a UTF-8 continuation byte
                column += 1
            }
        }
        return SyntaxError(line: line, column: column, message: failure.message)
    }
}

private struct Cursor {
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    /// Deeper nesting than any StoreKit file needs; guards the stack against hostile input.
    private static let maximumDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// False while checking a deferred element: its syntax is read, no value is built.
    private var keepsValues = true
    /// Top-level members whose array elements are kept as byte ranges (`JSONReader.Outline`).
    var deferredKeys: Set<String> = []
    private(set) var deferred: [String: [Range<Int>]] = [:]
    /// Told where each deferred element ends (`JSONReader.outline`).
    var passed: ((Int) -> Void)?
    /// `JSONReader.Outline.productLabels` and `groupSizes`, as they are found.
    private(set) var productLabels: [String: [JSONReader.ProductLabel]] = [:]
    private(set) var groupSizes: [Int] = []
    /// The labels of the deferred array being read (kept under its key when it ends), and
    /// whether it is `subscriptionGroups`.
    private var labels: [JSONReader.ProductLabel] = []
    private var inGroups = false
    /// Whether the last string read had escapes.
    private var lastStringEscaped = false
    /// The next array's elements are products, or the next object is one.
    private var productsNext = false
    private var productNext = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func document() throws(Failure) -> PropertyValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a UTF-8 byte order mark
        skipWhitespace()
        let value = try value()
        skipWhitespace()
        guard index == bytes.count else {
            throw failure("unexpected \(describeCurrent()) after the end of the JSON value")
        }
        return value
    }

    mutating func value() throws(Failure) -> PropertyValue {
        guard index < bytes.count else { throw failure("unexpected end of file, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func object() throws(Failure) -> PropertyValue {
        let isProduct = productNext
        productNext = false
        try enterContainer()
        var members: [PropertyValue.Member] = []
        var label = JSONReader.ProductLabel()
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return .object(members)
        }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a quoted key, found \(describeCurrent())")
            }
            let keyStart = index
            let key = try string()
            let keyEscaped = lastStringEscaped
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else {
                throw failure("expected ':' after the key \"\(keyText(at: keyStart))\", found \(describeCurrent())")
            }
            skipWhitespace()
            if depth == 1, deferredKeys.contains(key), index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                deferred[key] = try elementRanges(of: key)
                members.append(.init(key: key, value: .array([])))
            } else if isProduct, let field = labelField(at: keyStart, escaped: keyEscaped) {
                let kept = keepsValues
                keepsValues = true
                let value = try value()
                keepsValues = kept
                if kept { members.append(.init(key: key, value: value)) }
                if case .string(let text) = value, label[keyPath: field].isEmpty { label[keyPath: field] = text }
            } else {
                // A group's subscriptions are products.
                productsNext = depth == 3 && inGroups && isKey(at: keyStart, "subscriptions", escaped: keyEscaped)
                let value = try value()
                productsNext = false
                if keepsValues { members.append(.init(key: key, value: value)) }
            }
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { break }
            guard consume(UInt8(ascii: ",")) else {
                throw failure("expected ',' or '}' in an object, found \(describeCurrent())")
            }
            skipWhitespace()
        }
        depth -= 1
        if isProduct { labels.append(label) }
        return .object(members)
    }

    /// The label field a product's member with the key at `start` fills, if any.
    private func labelField(at start: Int, escaped: Bool) -> WritableKeyPath<JSONReader.ProductLabel, String>? {
        if isKey(at: start, "productID", escaped: escaped) { return \.id }
        if isKey(at: start, "referenceName", escaped: escaped) { return \.referenceName }
        return nil
    }

    /// Whether the key whose quote is at `start` is `word`: its bytes, or (rarely, when it
    /// was `escaped`) its escapes decoded.
    private func isKey(at start: Int, _ word: StaticString, escaped: Bool) -> Bool {
        if escaped { return keyText(at: start) == word.description }
        let count = word.utf8CodeUnitCount
        let end = start + 1 + count
        return end < bytes.count && bytes[end] == UInt8(ascii: "\"")
            && UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[(start + 1)..<end])
    }

    private mutating func array() throws(Failure) -> PropertyValue {
        let holdsProducts = productsNext
        productsNext = false
        var elements: [PropertyValue] = []
        try forEachElement { cursor throws(Failure) in
            let value = holdsProducts ? try cursor.product() : try cursor.value()
            if cursor.keepsValues { elements.append(value) }
        }
        return .array(elements)
    }

    /// An element that is a product, labelled: empty when it is not an object, so that every
    /// product keeps its place.
    private mutating func product() throws(Failure) -> PropertyValue {
        let before = labels.count
        productNext = true
        let value = try value()
        productNext = false
        if labels.count == before { labels.append(JSONReader.ProductLabel()) }
        return value
    }

    /// Checks a deferred array's elements without building them: where each one lies, and
    /// its products' labels.
    private mutating func elementRanges(of key: String) throws(Failure) -> [Range<Int>] {
        let kept = keepsValues
        keepsValues = false
        let isGroups = key == "subscriptionGroups"
        inGroups = isGroups
        defer {
            keepsValues = kept
            inGroups = false
            productLabels[key] = labels
            labels = []
        }
        var ranges: [Range<Int>] = []
        try forEachElement { cursor throws(Failure) in
            let start = cursor.index
            let before = cursor.labels.count
            _ = isGroups ? try cursor.value() : try cursor.product()
            if isGroups { cursor.groupSizes.append(cursor.labels.count - before) }
            ranges.append(start..<cursor.index)
            cursor.passed?(cursor.index)
        }
        return ranges
    }

    private mutating func forEachElement(_ body: (inout Cursor) throws(Failure) -> Void) throws(Failure) {
        try enterContainer()
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return
        }
        while true {
            try body(&self)
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { break }
            guard consume(UInt8(ascii: ",")) else {
                throw failure("expected ',' or ']' in an array, found \(describeCurrent())")
            }
            skipWhitespace()
        }
        depth -= 1
    }

    private mutating func enterContainer() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw failure("nested more than \(Self.maximumDepth) levels deep")
        }
        index += 1
    }

    /// Reads a string starting at its opening quote; the common case has no escapes.
    private mutating func string() throws(Failure) -> String {
        lastStringEscaped = false
        let start = index + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return try validated(UnsafeBufferPointer(rebasing: bytes[start..<end]), at: start)
            }
            if byte == UInt8(ascii: "\\") {
                index = end
                lastStringEscaped = true
                var decoded = Array(bytes[start..<end])
                return try escapedString(continuing: &decoded, startingAt: start)
            }
            if byte < 0x20 {
                index = end
                throw failure("control character in a string (escape it as \\u00XX)")
            }
            end += 1
        }
        index = start - 1
        throw failure("unterminated string")
    }

    private mutating func escapedString(continuing decoded: inout [UInt8], startingAt start: Int) throws(Failure) -> String {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try decoded.withUnsafeBufferPointer { buffer throws(Failure) in
                    try validated(buffer, at: start)
                }
            case UInt8(ascii: "\\"):
                index += 1
                try appendEscape(to: &decoded)
            case ..<0x20:
                throw failure("control character in a string (escape it as \\u00XX)")
            default:
                decoded.append(byte)
                index += 1
            }
        }
        index = start - 1
        throw failure("unterminated string")
    }

    private mutating func appendEscape(to decoded: inout [UInt8]) throws(Failure) {
        guard index < bytes.count else { throw failure("unterminated string") }
        let simple: UInt8? = switch bytes[index] {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            decoded.append(simple)
            index += 1
            return
        }
        guard bytes[index] == UInt8(ascii: "u") else {
            throw failure("unknown escape \\\(describeCurrent())")
        }
        index += 1
        var scalarValue = try hexQuad()
        if (0xD800...0xDBFF).contains(scalarValue) {
            // A UTF-16 high surrogate must be followed by an escaped low surrogate.
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                throw failure("unpaired UTF-16 surrogate in a \\u escape")
            }
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw failure("unpaired UTF-16 surrogate in a \\u escape")
            }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw failure("unpaired UTF-16 surrogate in a \\u escape")
        }
        decoded.append(contentsOf: String(scalar).utf8)
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigitValue(bytes[index]) else {
                throw failure("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func validated(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int) throws(Failure) -> String {
        // ASCII needs no validation, and most keys and IDs are ASCII.
        if utf8.allSatisfy({ $0 < 0x80 }) { return keepsValues ? String(decoding: utf8, as: UTF8.self) : "" }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw Failure(offset: offset, message: "a string is not valid UTF-8")
        }
        return text
    }

    /// The key that starts at `start`, built even while values are not (for an error message).
    private func keyText(at start: Int) -> String {
        var reader = self
        reader.index = start
        reader.keepsValues = true
        return (try? reader.string()) ?? ""
    }

    /// Reads a number with JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func number() throws(Failure) -> String {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) {
            guard skipDigits() > 0 else { throw failure("expected a digit, found \(describeCurrent())") }
        }
        if consume(UInt8(ascii: ".")) {
            guard skipDigits() > 0 else { throw failure("expected a digit after '.', found \(describeCurrent())") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard skipDigits() > 0 else { throw failure("expected an exponent, found \(describeCurrent())") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index - start
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count,
              bytes[index..<index + expected.count].elementsEqual(expected)
        else { throw failure("expected a value, found \(describeCurrent())") }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func failure(_ message: String) -> Failure {
        Failure(offset: index, message: message)
    }
}
