import Foundation

/// The interface's words in every language, read from an Xcode String Catalog
/// (`Localizable.xcstrings`): JSON with a `sourceLanguage` and, per key, a `stringUnit`
/// for each language or, for counts, a `variations.plural` with one unit per CLDR category.
/// The key is the English text, as Xcode writes it for `String(localized:)`.
///
/// ```swift
/// let catalog = try StringCatalog(json: Data(#"{"sourceLanguage": "en", "strings": {"Buy": {"localizations": {"ja": {"stringUnit": {"state": "translated", "value": "購入"}}}}}}"#.utf8))
/// catalog.value(for: "Buy", language: "ja", plural: .other)  // "購入"
/// ```
public final class StringCatalog: Sendable {
    /// One key's value in one language: a single string, or one per plural category.
    enum Entry: Sendable, Equatable {
        case single(String)
        case plural([PluralCategory: String])
    }

    /// The language the keys are written in.
    public let sourceLanguage: String
    /// Every key, with its values by language.
    let entries: [String: [String: Entry]]

    /// Why a catalog could not be read.
    public struct FormatError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Reads a String Catalog's JSON. Units of any state are taken: a string marked
    /// `needs_review` still reads better than English.
    public init(json data: Data) throws {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw FormatError(description: "not a JSON object")
        }
        guard let source = root["sourceLanguage"] as? String else {
            throw FormatError(description: "no sourceLanguage")
        }
        guard let strings = root["strings"] as? [String: Any] else {
            throw FormatError(description: "no strings")
        }
        sourceLanguage = source
        var entries: [String: [String: Entry]] = [:]
        for (key, value) in strings {
            let localizations = (value as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            var byLanguage: [String: Entry] = [:]
            for (language, localization) in localizations {
                guard let localization = localization as? [String: Any] else {
                    throw FormatError(description: "\(key) → \(language): not an object")
                }
                byLanguage[language] = try Self.entry(localization, at: "\(key) → \(language)")
            }
            entries[key] = byLanguage
        }
        self.entries = entries
    }

    private static func entry(_ localization: [String: Any], at path: String) throws -> Entry {
        if let unit = localization["stringUnit"] {
            return .single(try value(of: unit, at: path))
        }
        guard let plural = (localization["variations"] as? [String: Any])?["plural"] as? [String: Any] else {
            throw FormatError(description: "\(path): neither a stringUnit nor plural variations")
        }
        var forms: [PluralCategory: String] = [:]
        for (name, variation) in plural {
            guard let category = PluralCategory(rawValue: name) else {
                throw FormatError(description: "\(path): unknown plural category \(name)")
            }
            forms[category] = try value(of: (variation as? [String: Any])?["stringUnit"] as Any, at: "\(path) → \(name)")
        }
        return .plural(forms)
    }

    private static func value(of unit: Any, at path: String) throws -> String {
        guard let value = (unit as? [String: Any])?["value"] as? String else {
            throw FormatError(description: "\(path): a stringUnit without a value")
        }
        return value
    }

    /// The package's own table, `Localizable.xcstrings` in TerminalUI's resources: the only
    /// file TerminalUI reads, once. Without it the interface shows the keys, its English.
    public static let bundled: StringCatalog? = Bundle.module.url(forResource: "Localizable", withExtension: "xcstrings")
        .flatMap { try? Data(contentsOf: $0) }
        .flatMap { try? StringCatalog(json: $0) }

    /// The languages with at least one value, the source language included.
    public var languages: Set<String> {
        entries.values.reduce(into: [sourceLanguage]) { $0.formUnion($1.keys) }
    }

    /// `key`'s value in `language` for a count in `plural`; nil when the catalog has none
    /// (the caller falls back to the source language). In the source language a key with
    /// no value of its own is its own value, as Xcode writes keys.
    func value(for key: String, language: String, plural: PluralCategory) -> String? {
        guard let values = entries[key] else { return nil }
        switch values[language] {
        case .single(let value)?: return value
        case .plural(let forms)?: return forms[plural] ?? forms[.other]
        case nil: return language == sourceLanguage ? key : nil
        }
    }
}
