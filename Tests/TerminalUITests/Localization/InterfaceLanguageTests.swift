import Foundation
import StorefrontModel
import Testing
@testable import TerminalUI

/// Looking words up: placeholders, plurals by CLDR, the fallback to English, and which
/// language a locale asks for.
@Suite("Interface language")
struct InterfaceLanguageTests {
    static let catalog = try! StringCatalog(json: Data("""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Buy": {"localizations": {"ja": {"stringUnit": {"state": "translated", "value": "購入"}}}},
          "Sell": {},
          "%lld products": {"localizations": {
            "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld product"}},
                                             "other": {"stringUnit": {"state": "translated", "value": "%lld products"}}}}},
            "fr": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld produit"}},
                                             "many": {"stringUnit": {"state": "translated", "value": "%lld de produits"}},
                                             "other": {"stringUnit": {"state": "translated", "value": "%lld produits"}}}}},
            "ja": {"variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%lld 件の商品"}}}}}}},
          "%@ free, then %@": {"localizations": {"ja": {"stringUnit": {"state": "translated", "value": "%1$@無料、その後 %2$@"}}}},
          "Changes to %@ on %@": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Ab %2$@: %1$@"}}}}
        }}
        """.utf8))

    func language(_ identifier: String) -> InterfaceLanguage {
        InterfaceLanguage(matching: identifier, in: Self.catalog)
    }

    /// An error that names a file, as a ledger's does.
    struct FileError: LocalizedError {
        var errorDescription: String? { "cannot write /srv/storefront/ledger.sqlite: disk full" }
    }

    @Test("For a remote customer an error outside the store's own is told without its words (no server path)")
    func remoteErrors() {
        var language = InterfaceLanguage(matching: "en")
        #expect(language.describe(FileError()).contains("/srv/storefront"))
        #expect(language.describe(StoreKitError.systemError(FileError())).contains("/srv/storefront"))
        language.describesSystemErrors = false
        #expect(language.describe(FileError()) == "The store reported an unknown error.")
        #expect(language.describe(StoreKitError.systemError(FileError())) == "The store reported an unknown error.")
        #expect(language.describe(StoreKitError.notEntitled) == "You are not entitled to this item.")
    }

    @Test("A locale picks the catalog's language: region, script and encoding are understood")
    func matching() {
        #expect(language("ja_JP.UTF-8").code == "ja")
        #expect(language("fr-CA").code == "fr")
        #expect(language("de").code == "de")
        #expect(language("C").code == "en")
        #expect(language("ko_KR").code == "en")
        #expect(InterfaceLanguage(matching: "zh_CN").code == "zh-Hans")
        #expect(InterfaceLanguage(matching: "zh-Hans-SG").code == "zh-Hans")
        #expect(InterfaceLanguage(matching: "zh_TW").code == "en")  // no Traditional Chinese yet: English, not Simplified
    }

    @Test("LC_ALL, then LC_MESSAGES, then LANG; the C locale names no language")
    func environment() {
        #expect(EnvironmentLocale.messages(in: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == "fr_FR.UTF-8")
        #expect(EnvironmentLocale.messages(in: ["LANG": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "fr_FR"]) == "ja_JP.UTF-8")
        #expect(EnvironmentLocale.messages(in: ["LANG": "C.UTF-8"]) == nil)
        #expect(EnvironmentLocale.messages(in: ["LC_ALL": "", "LANG": "es_ES.UTF-8"]) == "es_ES.UTF-8")
        #expect(EnvironmentLocale.messages(in: [:]) == nil)
    }

    @Test("Counts take the language's plural form: English one/other, French 0 and 1 singular, Japanese one form")
    func plurals() {
        #expect(language("en").text("%lld products", count: 1) == "1 product")
        #expect(language("en").text("%lld products", count: 0) == "0 products")
        #expect(language("fr").text("%lld products", count: 0) == "0 produit")
        #expect(language("fr").text("%lld products", count: 2) == "2 produits")
        #expect(language("fr").text("%lld products", count: 1_000_000) == "1\u{202F}000\u{202F}000 de produits")
        #expect(language("ja").text("%lld products", count: 1) == "1 件の商品")
        #expect(language("de").text("%lld products", count: 1) == "1 product")  // no German: English, in English's form
    }

    @Test("Placeholders fill in order, or by position where a language reorders them")
    func placeholders() {
        #expect(language("ja").text("%@ free, then %@", "1週間", "¥500/月") == "1週間無料、その後 ¥500/月")
        #expect(language("de").text("Changes to %@ on %@", "Meadow", "12.12.2026") == "Ab 12.12.2026: Meadow")
        #expect(InterfaceLanguage.substitute(["a"], into: "100%% %@") == "100% a")
    }

    @Test("A string missing in a language falls back to English for that string alone")
    func fallback() {
        let japanese = language("ja")
        #expect(japanese.text("Buy") == "購入")
        #expect(japanese.text("Sell") == "Sell")
        #expect(japanese.text("Not in the catalog at all") == "Not in the catalog at all")
    }

    @Test("The pseudo-language wraps what the table gives, and leaves a key it lacks bare")
    func pseudo() {
        let pseudo = InterfaceLanguage.pseudo(Self.catalog)
        #expect(pseudo.text("Sell") == "⟦Sell⟧")
        #expect(pseudo.text("%lld products", count: 2) == "⟦2 products⟧")
        #expect(pseudo.text("Not in the catalog at all") == "Not in the catalog at all")
    }

    @Test("Dates follow the language's own conventions; a storefront that speaks it keeps its own")
    func dateLocale() {
        let britain = Locale(identifier: "en_GB")
        #expect(InterfaceLanguage.english.locale(in: britain).identifier == "en_GB")
        #expect(language("ja").locale(in: Locale(identifier: "ja_JP")).identifier == "ja_JP")
        #expect(language("fr").locale(in: britain).identifier == "fr")
        #expect(language("ja").locale(in: Locale(identifier: "en_US")).identifier == "ja")
    }

    @Test("The store's errors are described in the interface's language")
    func errors() {
        let english = InterfaceLanguage.english
        #expect(english.describe(StoreKitError.notAvailableInStorefront) == StoreKitError.notAvailableInStorefront.localizedDescription)
        #expect(english.describe(OfferCodeError.unknownCode("X")) == OfferCodeError.unknownCode("X").localizedDescription)
        #expect(english.describe(StoreKitError.networkError(URLError(.notConnectedToInternet))) == "The store could not be reached (-1009).")
    }
}
