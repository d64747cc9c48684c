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
    ///
    /// Decoded into typed values rather than through `JSONSerialization`, whose tree of
    /// bridged dictionaries took 8.9 MB for the bundled 190 KB file and left the malloc
    /// arena of every `storefront run` megabytes larger after it was freed.
    public init(json data: Data) throws {
        let file: CatalogFile
        do {
            file = try JSONDecoder().decode(CatalogFile.self, from: data)
        } catch let error as DecodingError {
            throw FormatError(description: Self.describe(error))
        }
        sourceLanguage = file.sourceLanguage
        var entries: [String: [String: Entry]] = [:]
        entries.reserveCapacity(file.strings.count)
        for (key, value) in file.strings {
            var byLanguage: [String: Entry] = [:]
            for (language, localization) in value.localizations ?? [:] {
                byLanguage[language] = try localization.entry(at: "\(key) → \(language)")
            }
            entries[key] = byLanguage
        }
        self.entries = entries
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

    /// "strings → Buy → localizations: …", the JSON path and what was wrong there.
    private static func describe(_ error: DecodingError) -> String {
        let (context, reason): (DecodingError.Context?, String) = switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            (context, context.debugDescription)
        case .keyNotFound(let key, let context):
            (context, "no \(key.stringValue)")
        @unknown default:
            (nil, "\(error)")
        }
        let path = context?.codingPath.map(\.stringValue).joined(separator: " → ") ?? ""
        return path.isEmpty ? reason : "\(path): \(reason)"
    }
}

/// The file as Xcode writes it, only the parts the interface reads.
private struct CatalogFile: Decodable {
    struct Key: Decodable {
        let localizations: [String: Localization]?
    }

    struct Localization: Decodable {
        let stringUnit: Unit?
        let variations: Variations?

        func entry(at path: String) throws -> StringCatalog.Entry {
            if let stringUnit { return .single(try stringUnit.value(at: path)) }
            guard let plural = variations?.plural else {
                throw StringCatalog.FormatError(description: "\(path): neither a stringUnit nor plural variations")
            }
            var forms: [PluralCategory: String] = [:]
            for (name, variation) in plural {
                guard let category = PluralCategory(rawValue: name) else {
                    throw StringCatalog.FormatError(description: "\(path): unknown plural category \(name)")
                }
                guard let unit = variation.stringUnit else {
                    throw StringCatalog.FormatError(description: "\(path) → \(name): a stringUnit without a value")
                }
                forms[category] = try unit.value(at: "\(path) → \(name)")
            }
            return .plural(forms)
        }
    }

    struct Variations: Decodable {
        let plural: [String: Variation]?
    }

    struct Variation: Decodable {
        let stringUnit: Unit?
    }

    struct Unit: Decodable {
        let value: String?

        func value(at path: String) throws -> String {
            guard let value else { throw StringCatalog.FormatError(description: "\(path): a stringUnit without a value") }
            return value
        }
    }

    let sourceLanguage: String
    let strings: [String: Key]
}
