import Foundation
import Testing
@testable import TerminalUI

/// The package's own String Catalog: complete for every language the interface ships in.
@Suite("The String Catalog")
struct StringCatalogTests {
    static let shipped = ["ja", "zh-Hans", "de", "fr", "es"]

    var catalog: StringCatalog {
        get throws { try #require(StringCatalog.bundled, "Localizable.xcstrings did not load from TerminalUI's resources") }
    }

    @Test("It is read from TerminalUI's resources, in English with every shipped language")
    func bundled() throws {
        let catalog = try catalog
        #expect(catalog.sourceLanguage == "en")
        #expect(Set(Self.shipped).isSubset(of: catalog.languages))
    }

    @Test("Every key has the language, in every plural form the language needs", arguments: shipped)
    func complete(language: String) throws {
        var missing: [String] = []
        for (key, values) in try catalog.entries.sorted(by: { $0.key < $1.key }) {
            let needsPlural = if case .plural? = values["en"] { true } else { false }
            switch values[language] {
            case nil:
                missing.append(key)
            case .single?:
                if needsPlural { missing.append("\(key) (as plural forms)") }
            case .plural(let forms)?:
                let lacking = PluralCategory.required(by: language).subtracting(forms.keys)
                if !lacking.isEmpty { missing.append("\(key) (\(lacking.map(\.rawValue).sorted().joined(separator: ", ")))") }
            }
        }
        #expect(missing.isEmpty, "\(language) lacks \(missing.count): \(missing.joined(separator: " | "))")
    }

    @Test("Every value keeps its key's placeholders, so no argument is lost or doubled", arguments: ["en"] + shipped)
    func placeholders(language: String) throws {
        var wrong: [String] = []
        for (key, values) in try catalog.entries.sorted(by: { $0.key < $1.key }) {
            let expected = Self.placeholders(in: key)
            let texts: [String] = switch values[language] {
            case .single(let value)?: [value]
            case .plural(let forms)?: Array(forms.values)
            case nil: []
            }
            for text in texts where Self.placeholders(in: text) != expected {
                wrong.append("\(key) → \(text)")
            }
        }
        #expect(wrong.isEmpty, "\(language): \(wrong.joined(separator: " | "))")
    }

    @Test("A malformed catalog is refused with the JSON path of what is wrong")
    func malformed() {
        func reason(_ json: String) -> String? {
            do {
                _ = try StringCatalog(json: Data(json.utf8))
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(reason(#"{"strings": {}}"#)?.hasPrefix("no sourceLanguage") == true)
        #expect(reason(#"{"sourceLanguage": "en", "strings": {"Buy": {"localizations": {"ja": 3}}}}"#)?.hasPrefix("strings → Buy → localizations → ja: ") == true)
        #expect(reason(#"{"sourceLanguage": "en", "strings": {"Buy": {"localizations": {"ja": {"stringUnit": {"state": "new"}}}}}}"#) == "Buy → ja: a stringUnit without a value")
        #expect(reason(#"{"sourceLanguage": "en", "strings": {"%lld items": {"localizations": {"fr": {"variations": {"plural": {"lots": {"stringUnit": {"value": "x"}}}}}}}}}"#) == "%lld items → fr: unknown plural category lots")
    }

    /// The kinds of placeholder in `text`, sorted: "@", "lld"; positions are ignored.
    static func placeholders(in text: String) -> [String] {
        let pattern = /%(?:\d+\$)?(@|lld|ld|d)/
        return text.replacingOccurrences(of: "%%", with: "").matches(of: pattern).map { String($0.output.1) }.sorted()
    }
}
