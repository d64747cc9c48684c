import Foundation
import Testing
import StoreCatalog

/// Display prices pinned to what Foundation produces on this toolchain (checked by hand first).
@Suite struct PriceFormatterTests {
    private func displayPrice(_ price: String, in country: String) throws -> String {
        let storefront = try #require(StorefrontCountry(countryCode: country))
        return PriceFormatter(storefront: storefront).displayPrice(try #require(Decimal(string: price)))
    }

    @Test(arguments: [
        ("480", "JPN", "¥480"),
        ("50000", "JPN", "¥50,000"),
        ("5900", "KOR", "₩5,900"),
        ("4.99", "GBR", "£4.99"),
        ("4.99", "DEU", "4,99\u{A0}€"),
        ("4.99", "FRA", "4,99\u{A0}€"),
        ("4.99", "IRL", "€4.99"),
        ("0.99", "USA", "$0.99"),
        ("8", "CHN", "¥8.00"),
        ("29900", "COL", "$\u{A0}29.900"),
    ])
    func storefrontPrices(price: String, country: String, expected: String) throws {
        #expect(try displayPrice(price, in: country) == expected)
    }

    @Test func sameCurrencyDifferentLocaleDifferentText() throws {
        let irish = try displayPrice("4.99", in: "IRL")
        let german = try displayPrice("4.99", in: "DEU")
        #expect(irish != german)
        #expect(german.unicodeScalars.contains("\u{A0}"))
    }

    @Test(arguments: [
        ("0.99", "0.99"), ("29900", "29900"), ("2,99", "2.99"), ("4.20", "4.2"), ("10", "10"), (" 1.99 ", "1.99"),
    ])
    func displayPriceStringsParseToDecimals(text: String, expected: String) {
        #expect(PriceFormatter.price(fromDisplayPrice: text) == Decimal(string: expected))
    }

    @Test(arguments: ["", "abc", "$1", "-1", "1.2.3", "1,000.50", ".5", "5.", "1 000", "1e5", "١٢"])
    func otherTextIsNotAPrice(text: String) {
        #expect(PriceFormatter.price(fromDisplayPrice: text) == nil)
    }

    @Test func largePricesKeepEveryDigit() {
        // Doubles would round this; Decimal must not.
        #expect(PriceFormatter.price(fromDisplayPrice: "12345678901234567.89")?.description == "12345678901234567.89")
    }
}

@Suite struct StorefrontCountryTests {
    @Test func coversEveryAppStoreStorefront() {
        #expect(StorefrontCountry.all.count == 175)
        #expect(Set(StorefrontCountry.all.map(\.countryCode)).count == StorefrontCountry.all.count)
    }

    @Test func theLargestMarketsAreThere() throws {
        let expected: [(String, String, String, Int)] = [
            ("USA", "USD", "en_US", 2), ("JPN", "JPY", "ja_JP", 0), ("KOR", "KRW", "ko_KR", 0),
            ("GBR", "GBP", "en_GB", 2), ("CHN", "CNY", "zh_CN", 2), ("DEU", "EUR", "de_DE", 2),
            ("FRA", "EUR", "fr_FR", 2), ("CAN", "CAD", "en_CA", 2), ("AUS", "AUD", "en_AU", 2),
            ("BRA", "BRL", "pt_BR", 2), ("IND", "INR", "en_IN", 2), ("MEX", "MXN", "es_MX", 2),
            ("COL", "COP", "es_CO", 2), ("NLD", "EUR", "nl_NL", 2), ("RUS", "RUB", "ru_RU", 2),
            ("SGP", "SGD", "en_SG", 2), ("TWN", "TWD", "zh_TW", 2), ("KWT", "KWD", "ar_KW", 3),
            ("CHL", "CLP", "es_CL", 0), ("VNM", "VND", "vi_VN", 0), ("ISL", "ISK", "is_IS", 0),
        ]
        for (code, currency, locale, minorUnits) in expected {
            let country = try #require(StorefrontCountry(countryCode: code))
            #expect(country.currencyCode == currency, "\(code)")
            #expect(country.localeIdentifier == locale, "\(code)")
            #expect(country.minorUnits == minorUnits, "\(code)")
        }
    }

    @Test func lookupIgnoresCaseAndRejectsUnknownCodes() {
        #expect(StorefrontCountry(countryCode: "jpn")?.currencyCode == "JPY")
        #expect(StorefrontCountry(countryCode: "XYZ") == nil)
        #expect(StorefrontCountry(countryCode: "JP") == nil)
        #expect(StorefrontCountry.unitedStates.countryCode == "USA")
    }

    @Test func everyEntryIsAValidCodeAndFormatsAPrice() {
        let currencies = Set(Locale.Currency.isoCurrencies.map(\.identifier))
        for country in StorefrontCountry.all {
            #expect(country.countryCode.count == 3 && country.countryCode == country.countryCode.uppercased())
            #expect(currencies.contains(country.currencyCode), "\(country)")
            #expect([0, 2, 3].contains(country.minorUnits), "\(country)")
            #expect(country.locale.region != nil, "\(country) has no region")
            let text = PriceFormatter(storefront: country).displayPrice(Decimal(string: "12.5")!)
            #expect(text.unicodeScalars.contains { $0.properties.numericType != nil }, "\(country): \(text)")
        }
    }

    @Test func zeroDecimalCurrenciesShowNoFraction() {
        for country in StorefrontCountry.all where ["JPY", "KRW", "CLP", "VND", "ISK"].contains(country.currencyCode) {
            #expect(country.minorUnits == 0, "\(country)")
            let text = PriceFormatter(storefront: country).displayPrice(1200)
            #expect(!text.contains("00,00") && !text.contains("00.00"), "\(country): \(text)")
        }
    }
}
