/// CLDR's plural categories: which form of a word a count takes in a language.
///
/// ```swift
/// PluralCategory(for: 1, language: "en")  // .one
/// PluralCategory(for: 0, language: "fr")  // .one: "0 produit"
/// PluralCategory(for: 5, language: "ja")  // .other: Japanese has one form
/// ```
public enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other

    /// The category of the whole number `count` in `language` (a base code such as "fr"),
    /// by CLDR's rules for the languages the interface ships in; others use English's.
    public init(for count: Int, language: String) {
        let n = count.magnitude
        switch Self.base(of: language) {
        case "ja", "zh", "ko":
            self = .other
        case "fr":
            self = n <= 1 ? .one : (n % 1_000_000 == 0 ? .many : .other)
        case "es", "it", "pt":
            self = n == 1 ? .one : (n != 0 && n % 1_000_000 == 0 ? .many : .other)
        default:
            self = n == 1 ? .one : .other
        }
    }

    /// The categories a language's translations must give.
    public static func required(by language: String) -> Set<PluralCategory> {
        switch base(of: language) {
        case "ja", "zh", "ko": [.other]
        case "fr", "es", "it", "pt": [.one, .many, .other]
        default: [.one, .other]
        }
    }

    private static func base(of language: String) -> Substring {
        language.prefix { $0 != "-" && $0 != "_" }
    }
}
