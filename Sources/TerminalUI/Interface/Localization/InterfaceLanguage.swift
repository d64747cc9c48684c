import Foundation

/// The language the interface speaks: a language of the String Catalog, and its words.
///
/// Every string the interface shows goes through `text(_:_:)`: the catalog's value for the
/// language, else the source language's, else the key (which is the English text). Values
/// take arguments Xcode's way: `%@` for text, `%lld` for a whole number, `%2$@` by position.
///
/// ```swift
/// let language = InterfaceLanguage(matching: "ja_JP.UTF-8", in: catalog)    // "ja"
/// language.text("Your %@ purchase is complete.", "提灯の応援")                // "提灯の応援のご購入が完了しました。"
/// language.text("%lld products", count: 4)                                 // "4 件の商品"
/// InterfaceLanguage.english.text("%lld products", count: 1)                // "1 product" with a catalog, else "1 products"
/// ```
public struct InterfaceLanguage: Sendable, Hashable {
    /// The catalog's code for the language: "en", "ja", "zh-Hans", "de"…
    public let code: String
    private let catalog: StringCatalog?
    /// Wraps every value in ⟦ ⟧, so a test can find text that did not come from the table.
    private let isPseudo: Bool
    /// Whether `describe(_:)` tells an error outside the store's own (a ledger file that
    /// could not be written, say) in that error's words. Off for a customer on another
    /// machine: they read that the store failed, never a path of the server's.
    public var describesSystemErrors = true

    /// English, the catalog's source language.
    public static let english = InterfaceLanguage(code: "en", catalog: .bundled, isPseudo: false)

    private init(code: String, catalog: StringCatalog?, isPseudo: Bool) {
        self.code = code
        self.catalog = catalog
        self.isPseudo = isPseudo
    }

    /// The catalog's language that best matches a locale identifier, POSIX ("ja_JP.UTF-8")
    /// or BCP 47 ("zh-Hans-CN"); the catalog's source language when none does.
    public init(matching identifier: String, in catalog: StringCatalog? = .bundled) {
        let code = catalog.flatMap { Self.bestMatch(for: identifier, among: $0.languages) } ?? catalog?.sourceLanguage ?? "en"
        self.init(code: code, catalog: catalog, isPseudo: false)
    }

    /// The source language with every value wrapped in ⟦ ⟧. A key missing from the
    /// catalog is left bare, so that is found too.
    public static func pseudo(_ catalog: StringCatalog? = .bundled) -> InterfaceLanguage {
        InterfaceLanguage(code: catalog?.sourceLanguage ?? "en", catalog: catalog, isPseudo: true)
    }

    /// The locale dates and numbers are written in.
    public var locale: Locale {
        Locale(identifier: code)
    }

    /// The locale for dates in a storefront: the storefront's own when it speaks this
    /// language (English in Britain writes "12 Dec 2026"), else this language's own
    /// (Japanese writes "2026/01/08" in any storefront, where ICU's ja_US would write
    /// "01/08/2026").
    public func locale(in storefront: Locale) -> Locale {
        let base = code.prefix { $0 != "-" }
        return storefront.language.languageCode?.identifier == String(base) ? storefront : locale
    }

    /// `key` in this language, with `arguments` put in its placeholders.
    public func text(_ key: String, _ arguments: String...) -> String {
        text(key, arguments: arguments)
    }

    /// `key` in this language, with `arguments` put in its placeholders.
    public func text(_ key: String, arguments: [String]) -> String {
        text(key, arguments: arguments, count: nil)
    }

    /// `key` in this language in the form `count` takes (1 product, 5 products), with
    /// `count` as the first argument and `arguments` after it.
    public func text(_ key: String, count: Int, _ arguments: String...) -> String {
        text(key, count: count, arguments: arguments)
    }

    /// `key` in the form `count` takes, `count` first, then `arguments`.
    public func text(_ key: String, count: Int, arguments: [String]) -> String {
        let number = count.formatted(.number.locale(locale))
        return text(key, arguments: [number] + arguments, count: count)
    }

    private func text(_ key: String, arguments: [String], count: Int?) -> String {
        let found = catalog.flatMap { catalog in
            [code, catalog.sourceLanguage].lazy.compactMap { language in
                let plural = count.map { PluralCategory(for: $0, language: language) } ?? .other
                return catalog.value(for: key, language: language, plural: plural)
            }.first
        }
        let value = Self.substitute(arguments, into: found ?? key)
        return isPseudo && found != nil ? "⟦\(value)⟧" : value
    }

    /// Puts `arguments` into `format`'s `%@`, `%lld`, `%d` and `%N$…` placeholders; `%%` is a
    /// percent sign.
    static func substitute(_ arguments: [String], into format: String) -> String {
        guard format.contains("%") else { return format }
        var result = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                rest = rest.dropFirst()
                continue
            }
            var position: Int?
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits).map { $0 - 1 }
                rest = rest.dropFirst(digits.count + 1)
            }
            let specifier = ["@", "lld", "ld", "d"].first { rest.hasPrefix($0) }
            guard let specifier else {
                result += "%"
                continue
            }
            rest = rest.dropFirst(specifier.count)
            let index = position ?? next
            next = index + 1
            result += arguments.indices.contains(index) ? arguments[index] : ""
        }
        return result + rest
    }

    private static func bestMatch(for identifier: String, among languages: Set<String>) -> String? {
        let cleaned = identifier.prefix { $0 != "." && $0 != "@" }.replacingOccurrences(of: "_", with: "-")
        let parts = cleaned.split(separator: "-").map { $0.lowercased() }
        guard let base = parts.first, base != "c", base != "posix" else { return nil }
        let byLowercase = Dictionary(languages.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        if let exact = byLowercase[parts.joined(separator: "-")] { return exact }
        if base == "zh" {
            // Chinese is written in two scripts: the region says which when the script is not given.
            let traditional = parts.contains { ["hant", "tw", "hk", "mo"].contains($0) }
            return byLowercase[traditional ? "zh-hant" : "zh-hans"]
        }
        return byLowercase[base]
    }

    public static func == (lhs: InterfaceLanguage, rhs: InterfaceLanguage) -> Bool {
        lhs.code == rhs.code && lhs.catalog === rhs.catalog && lhs.isPseudo == rhs.isPseudo
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(isPseudo)
    }
}
