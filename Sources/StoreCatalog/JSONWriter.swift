extension PropertyValue {
    /// The value as Xcode saves a `.storekit` file: two-space indent, `"key" : value`, keys sorted
    /// case-insensitively, empty containers as `[` + blank line + `]`, non-ASCII and `/`
    /// unescaped, and a final newline. Xcode-written files come back byte for byte the same.
    ///
    /// ```swift
    /// PropertyValue(["b": .bool(true), "A": .null]).xcodeJSON
    /// // "{\n  \"A\" : null,\n  \"b\" : true\n}\n"
    /// ```
    public var xcodeJSON: String {
        var output: [UInt8] = []
        JSONWriter(isXcodeLayout: true).write(self, indent: 0, into: &output)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// The value on one line, object keys in the order given: for machine-readable output.
    ///
    /// ```swift
    /// PropertyValue(["b": .number("1"), "a": .null]).compactJSON
    /// // "{\"b\":1,\"a\":null}"
    /// ```
    public var compactJSON: String {
        var output: [UInt8] = []
        JSONWriter(isXcodeLayout: false).write(self, indent: 0, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

private struct JSONWriter {
    /// Xcode's layout sorts keys and breaks lines; the compact one keeps key order on one line.
    let isXcodeLayout: Bool

    func write(_ value: PropertyValue, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .object(let members):
            let ordered = isXcodeLayout ? members.sorted { Self.keyPrecedes($0.key, $1.key) } : members
            writeContainer(open: "{", close: "}", count: ordered.count, indent: indent, into: &output) { index, output in
                Self.writeString(ordered[index].key, into: &output)
                output.append(contentsOf: (isXcodeLayout ? " : " : ":").utf8)
                write(ordered[index].value, indent: indent + 2, into: &output)
            }
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, indent: indent, into: &output) { index, output in
                write(elements[index], indent: indent + 2, into: &output)
            }
        case .string(let text):
            Self.writeString(text, into: &output)
        case .number(let text):
            output.append(contentsOf: text.utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null:
            output.append(contentsOf: "null".utf8)
        }
    }

    /// Xcode puts each element on its own line and an empty container around a blank line.
    private func writeContainer(
        open: Unicode.Scalar, close: Unicode.Scalar, count: Int, indent: Int, into output: inout [UInt8],
        element: (Int, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: open))
        if isXcodeLayout {
            output.append(UInt8(ascii: "\n"))
            if count == 0 { output.append(UInt8(ascii: "\n")) }
        }
        for index in 0..<count {
            if isXcodeLayout { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2)) }
            element(index, &output)
            if index < count - 1 { output.append(UInt8(ascii: ",")) }
            if isXcodeLayout { output.append(UInt8(ascii: "\n")) }
        }
        if isXcodeLayout { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent)) }
        output.append(UInt8(ascii: close))
    }

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

    /// Escapes only what JSON requires; non-ASCII and `/` stay as they are, as in Xcode's files.
    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escapes: copy them whole rather than byte by byte.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append(contentsOf: text.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
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
