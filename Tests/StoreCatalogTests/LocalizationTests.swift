import Testing
import StoreCatalog

/// The fallback chain: requested locale → its language → `_locale` → en_US → first with text →
/// referenceName → product ID.
@Suite struct LocalizationTests {
    private func product(_ entries: [(String, String)], referenceName: String = "Reference") -> CatalogProduct {
        CatalogProduct(
            id: "com.example.item", type: .consumable, referenceName: referenceName, price: 1, displayPrice: "$1.00",
            localizations: entries.map { CatalogLocalization(locale: $0.0, displayName: $0.1, description: "about \($0.1)") }
        )
    }

    private let full = [("fr", "Français"), ("en_US", "English"), ("ja", "日本語"), ("zh_Hans", "简体"), ("zh_Hant", "繁體")]

    @Test(arguments: [
        ("ja", "日本語"),            // exact
        ("ja_JP", "日本語"),         // language
        ("JA-jp", "日本語"),         // case and hyphen do not matter
        ("zh_CN", "简体"),           // Simplified by region
        ("zh_TW", "繁體"),           // Traditional by region
        ("zh_Hant_HK", "繁體"),
        ("zh", "简体"),
        ("de", "Français"),         // no German: the catalog's _locale (fr)
        (nil, "Français"),
    ] as [(String?, String)])
    func chainPicksTheBestName(requested: String?, expected: String) {
        #expect(product(full).localizedText(locale: requested, fallbackLocale: "fr").displayName == expected)
    }

    @Test func withoutCatalogLocaleEnglishComesNext() {
        #expect(product(full).localizedText(locale: "de", fallbackLocale: nil).displayName == "English")
    }

    @Test func firstEntryWithTextWhenNothingMatches() {
        let entries = [("ko", ""), ("ru", "Русский"), ("ar", "عربي")]
        #expect(product(entries).localizedText(locale: "de", fallbackLocale: "es_ES").displayName == "Русский")
    }

    @Test func emptyNamesAreSkippedAndDescriptionsChosenOnTheirOwn() {
        let item = CatalogProduct(
            id: "com.example.item", type: .consumable, referenceName: "", price: 1, displayPrice: "$1.00",
            localizations: [
                CatalogLocalization(locale: "ja", displayName: "", description: "説明"),
                CatalogLocalization(locale: "en_US", displayName: "English", description: ""),
            ]
        )
        #expect(item.localizedText(locale: "ja", fallbackLocale: nil) == LocalizedText(displayName: "English", description: "説明"))
    }

    @Test func referenceNameThenProductID() {
        #expect(product([("en_US", "")]).localizedText(locale: nil, fallbackLocale: nil).displayName == "Reference")
        #expect(product([], referenceName: "").localizedText(locale: "ja", fallbackLocale: nil).displayName
                == "com.example.item")
    }

    @Test func groupsFallBackToTheirName() {
        let group = CatalogSubscriptionGroup(
            id: "1234ABCD", name: "Pass",
            localizations: [CatalogLocalization(locale: "ja", displayName: "パス", description: "")]
        )
        #expect(group.localizedText(locale: "ja_JP", fallbackLocale: nil).displayName == "パス")
        #expect(group.localizedText(locale: "en_US", fallbackLocale: "en_US").displayName == "パス")  // first with text
        #expect(CatalogSubscriptionGroup(id: "1234ABCD", name: "Pass").localizedText(locale: nil, fallbackLocale: nil)
                .displayName == "Pass")
    }
}
