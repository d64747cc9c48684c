/// One localization of a product or a subscription group, as the file writes it.
///
/// ```swift
/// let japanese = CatalogLocalization(locale: "ja", displayName: "ひまわりの種", description: "")
/// ```
public struct CatalogLocalization: Sendable, Equatable {
    /// Underscore form as Xcode writes it: `"en_US"`, `"ja"`, `"zh_Hans"`.
    public var locale: String
    /// Often `""` in real files; lookups skip empty names.
    public var displayName: String
    public var description: String

    public init(locale: String, displayName: String, description: String) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }
}

/// The display name and description chosen for one locale.
///
/// ```swift
/// let text = catalog.localizedText(for: product, locale: "ja_JP")
/// print(text.displayName, text.description)
/// ```
public struct LocalizedText: Sendable, Equatable {
    public var displayName: String
    public var description: String

    public init(displayName: String, description: String) {
        self.displayName = displayName
        self.description = description
    }
}

/// The order in which localizations are tried: the requested locale, then its language
/// (`ja_JP` finds `ja`, `zh_CN` finds `zh_Hans` but not `zh_Hant`), then the catalog's
/// `_locale` and its language, then `en_US` and English, then the first entry with text.
struct LocaleFallback {
    let requested: String?
    let catalogLocale: String?

    /// The chain's identifiers, made only when there is a choice to make: a store reads a
    /// product's name through here each time it is asked for, and most have one entry.
    private var identifiers: [String] {
        [requested, catalogLocale, "en_US"].compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// The chain's locales, parsed only when there is a choice to make: most products have
    /// one localization, and big catalogs ask for thousands of them.
    private var preferences: [LocaleKey] {
        var keys: [LocaleKey] = []
        for key in identifiers.map(LocaleKey.init) where !keys.contains(where: { $0.normalized == key.normalized }) {
            keys.append(key)
        }
        return keys
    }

    /// The name and description along the chain; `lastResortName` when no entry has a name.
    func localizedText(_ localizations: [CatalogLocalization], lastResortName: String) -> LocalizedText {
        LocalizedText(
            displayName: firstEntry(in: localizations, locale: \.locale) { !$0.displayName.isEmpty }?.displayName
                ?? lastResortName,
            description: firstEntry(in: localizations, locale: \.locale) { !$0.description.isEmpty }?.description
                ?? ""
        )
    }

    /// The first entry along the chain that `isUsable`, or nil when none is.
    func firstEntry<Entry>(in entries: [Entry], locale: (Entry) -> String, where isUsable: (Entry) -> Bool) -> Entry? {
        // Most products have one entry: no list of candidates to make.
        if entries.count < 2 { return entries.first.flatMap { isUsable($0) ? $0 : nil } }
        let candidates = entries.filter(isUsable)
        guard let first = candidates.first, candidates.count > 1 else { return candidates.first }
        // The first choice written exactly as asked needs no parsing at all.
        if let wanted = identifiers.first, let exact = candidates.first(where: { locale($0) == wanted }) {
            return exact
        }
        let keys = candidates.map { LocaleKey(locale($0)) }
        for preference in preferences {
            if let exact = keys.firstIndex(where: { $0.normalized == preference.normalized }) {
                return candidates[exact]
            }
            if let sameLanguage = keys.firstIndex(where: { $0.sharesLanguage(with: preference) }) {
                return candidates[sameLanguage]
            }
        }
        return first
    }
}

/// A locale identifier reduced to what matching needs. Pure string work: Foundation's ICU
/// lookups cost tens of microseconds each, too slow for 100,000-product catalogs.
private struct LocaleKey {
    /// Lower case with underscores: `"zh_hans"`, `"en_us"`.
    let normalized: String
    let language: Substring
    /// The script subtag in lower case. Chinese always gets one (`zh_TW` is Traditional, `zh` and
    /// `zh_CN` Simplified); other languages only when the identifier names it.
    let script: Substring?

    init(_ identifier: String) {
        normalized = String(identifier.lowercased().map { $0 == "-" ? "_" : $0 })
        let subtags = normalized.split(separator: "_")
        language = subtags.first ?? ""
        let named = subtags.dropFirst().first { $0.count == 4 }
        if named == nil, language == "zh" {
            let region = subtags.dropFirst().first { $0.count == 2 }
            script = ["tw", "hk", "mo"].contains(region) ? "hant" : "hans"
        } else {
            script = named
        }
    }

    func sharesLanguage(with other: LocaleKey) -> Bool {
        guard language == other.language, !language.isEmpty else { return false }
        guard let script, let otherScript = other.script else { return true }
        return script == otherScript
    }
}
