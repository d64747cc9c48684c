import Foundation
import StorefrontTestSupport
import Testing
@testable import StoreCatalog

@Suite struct JSONReaderTests {
    private func parse(_ text: String) throws(JSONReader.SyntaxError) -> PropertyValue {
        try JSONReader.parse(Array(text.utf8))
    }

    @Test func valuesKeepTheirKindKeyOrderAndNumberText() throws {
        let value = try parse(#"{"z": true, "a": 1, "m": 726861732.61725104, "n": null, "s": "x", "e": []}"#)
        guard case .object(let members) = value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m", "n", "s", "e"])
        #expect(value["z"] == .bool(true))
        #expect(value["a"] == .number("1"))
        #expect(value["m"] == .number("726861732.61725104"))
        #expect(value["n"] == .null)
        #expect(value["e"] == .array([]))
    }

    @Test func escapesAndNonASCII() throws {
        let value = try parse(#"["a\"b\\c\/d\n\t", "\u00e9\u65e5", "\ud83d\udc26", "ケーキ", "4,99 €"]"#)
        #expect(value == .array([
            .string("a\"b\\c/d\n\t"), .string("é日"), .string("🐦"), .string("ケーキ"), .string("4,99 €"),
        ]))
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, 1, 9, "expected a quoted key, found '}'"),
        ("{\n  \"a\" : tru\n}", 2, 9, "expected a value, found 't'"),
        (#"{"a" 1}"#, 1, 6, #"expected ':' after the key "a", found '1'"#),
        (#"[1 2]"#, 1, 4, "expected ',' or ']' in an array, found '2'"),
        (#"{"a": "x}"#, 1, 7, "unterminated string"),
        (#"{"日本": 01}"#, 1, 9, "expected ',' or '}' in an object, found '1'"),
        (#"["\ud800"]"#, 1, 9, "unpaired UTF-16 surrogate in a \\u escape"),
        ("[\"a\u{1}\"]", 1, 4, "control character in a string (escape it as \\u00XX)"),
        ("{} x", 1, 4, "unexpected 'x' after the end of the JSON value"),
        ("[", 1, 2, "unexpected end of file, expected a value"),
    ])
    func syntaxErrorsNameLineAndColumn(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONReader.SyntaxError(line: line, column: column, message: message)) {
            try parse(text)
        }
    }

    @Test func invalidUTF8InAStringIsAnError() {
        var bytes = Array(#"{"a": "x"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#""}"#.utf8)
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(bytes) }
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONReader.SyntaxError(line: 1, column: 257, message: "nested more than 256 levels deep")) {
            try parse(text)
        }
    }
}

@Suite struct JSONWriterTests {
    /// Files whose layout is Xcode's own (" : ", sorted keys, `[` blank line `]`, final newline).
    static let xcodeWrittenFiles = PackagePaths.corpusFileNames.filter { name in
        guard let text = try? String(contentsOf: PackagePaths.corpusFile(name), encoding: .utf8) else { return false }
        return text.hasPrefix("{") && text.contains("\" : ") && text.hasSuffix("}\n") && !text.contains("[]")
    }

    @Test func mostOfTheCorpusIsXcodeWritten() {
        #expect(Self.xcodeWrittenFiles.count >= 18)
    }

    @Test(arguments: xcodeWrittenFiles)
    func xcodeWrittenFilesRoundTripByteForByte(name: String) throws {
        let original = try Data(contentsOf: PackagePaths.corpusFile(name))
        let value = try JSONReader.parse(Array(original))
        #expect(value.xcodeJSON == String(decoding: original, as: UTF8.self))
    }

    @Test func keysAreSortedCaseInsensitivelyAndEmptiesGetABlankLine() {
        let value = PropertyValue.object([
            .init(key: "_storeKitErrors", value: .array([])),
            .init(key: "_storefront", value: .string("JPN")),
            .init(key: "Zeta", value: .object([])),
            .init(key: "alpha", value: .string("tab\there / \"quoted\" \u{1}")),
        ])
        #expect(value.xcodeJSON == """
            {
              "_storefront" : "JPN",
              "_storeKitErrors" : [

              ],
              "alpha" : "tab\\there / \\"quoted\\" \\u0001",
              "Zeta" : {

              }
            }

            """)
    }

    @Test func compactKeepsKeyOrderOnOneLine() {
        let value = PropertyValue.object([
            .init(key: "storefront", value: .string("JPN")),
            .init(key: "products", value: .array([.object([
                .init(key: "id", value: .string("a\nb")), .init(key: "groupLevel", value: .null),
                .init(key: "periods", value: .number("3")), .init(key: "shareable", value: .bool(false)),
            ])])),
            .init(key: "groups", value: .array([])),
        ])
        #expect(value.compactJSON
                == #"{"storefront":"JPN","products":[{"id":"a\nb","groupLevel":null,"periods":3,"shareable":false}],"groups":[]}"#)
    }
}
