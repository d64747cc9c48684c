extension PropertyValue {
    /// The value as Xcode saves a `.storekit` file: two-space indent, `"key" : value`, keys sorted
    /// case-insensitively, empty containers as `[` + blank line + `]`, non-ASCII and `/`
    /// unescaped, and a final newline. Xcode-written files come back byte for byte the same.
    ///
    /// ```swift
    /// PropertyValue.object([.init(key: "b", value: .bool(true)), .init(key: "A", value: .null)]).xcodeJSON
    /// // "{\n  \"A\" : null,\n  \"b\" : true\n}\n"
    /// ```
    public var xcodeJSON: String {
        var output: [UInt8] = []
        JSONWriter.writeXcode(self, indent: 0, into: &output)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// The value on one line, object keys in the order given: for machine-readable output.
    ///
    /// ```swift
    /// PropertyValue.object([.init(key: "b", value: .number("1")), .init(key: "a", value: .null)]).compactJSON
    /// // "{\"b\":1,\"a\":null}"
    /// ```
    public var compactJSON: String {
        var output: [UInt8] = []
        JSONWriter.writeCompact(self, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

private enum JSONWriter {
    /// Xcode's key order: case-insensitive first (`_storefront` before `_storeKitErrors`), exact bytes on ties.
    private static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        let foldedLHS = lhs.utf8.lazy.map(asciiLowercase)
        let foldedRHS = rhs.utf8.lazy.map(asciiLowercase)
        if foldedLHS.elementsEqual(foldedRHS) { return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) }
        return foldedLHS.lexicographicallyPrecedes(foldedRHS)
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    static func writeCompact(_ value: PropertyValue, into output: inout [UInt8]) {
        switch value {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                writeCompact(member.value, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeCompact(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string, .number, .bool, .null:
            writeScalar(value, into: &output)
        }
    }

    static func writeXcode(_ value: PropertyValue, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .object(let members):
            let sorted = members.sorted { keyPrecedes($0.key, $1.key) }
            writeContainer(open: "{", close: "}", count: sorted.count, indent: indent, into: &output) { index, output in
                writeString(sorted[index].key, into: &output)
                output.append(contentsOf: " : ".utf8)
                writeXcode(sorted[index].value, indent: indent + 2, into: &output)
            }
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, indent: indent, into: &output) { index, output in
                writeXcode(elements[index], indent: indent + 2, into: &output)
            }
        case .string, .number, .bool, .null:
            writeScalar(value, into: &output)
        }
    }

    private static func writeScalar(_ value: PropertyValue, into output: inout [UInt8]) {
        switch value {
        case .string(let text): writeString(text, into: &output)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null, .object, .array: output.append(contentsOf: "null".utf8)
        }
    }

    private static func writeContainer(
        open: Unicode.Scalar, close: Unicode.Scalar, count: Int, indent: Int, into output: inout [UInt8],
        element: (Int, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: open))
        output.append(UInt8(ascii: "\n"))
        if count == 0 { output.append(UInt8(ascii: "\n")) }
        for index in 0..<count {
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
            element(index, &output)
            if index < count - 1 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\n"))
        }
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        output.append(UInt8(ascii: close))
    }

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                let hex = String(byte, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
