import Foundation

/// An App Store storefront: the country a `.storekit` file's `settings._storefront` names, with
/// the currency its prices are in and the locale they are formatted for.
///
/// StoreKit's `Storefront.countryCode` is the same ISO 3166-1 alpha-3 code.
///
/// ```swift
/// let japan = StorefrontCountry(countryCode: "jpn")!
/// japan.currencyCode        // "JPY"
/// japan.minorUnits          // 0: yen have no subunit
/// japan.localeIdentifier    // "ja_JP"
/// ```
public struct StorefrontCountry: Sendable, Hashable, CustomStringConvertible {
    /// ISO 3166-1 alpha-3, upper case: `"USA"`, `"JPN"`, `"GBR"`.
    public let countryCode: String
    /// ISO 4217 code of the currency prices are in: `"USD"`, `"JPY"`, `"EUR"`.
    public let currencyCode: String
    /// The locale prices are formatted for, in underscore form: `"en_US"`, `"ja_JP"`.
    public let localeIdentifier: String
    /// ISO 4217 minor units: 2 for cents and pence, 0 for yen and won, 3 for the Kuwaiti fils.
    public let minorUnits: Int

    /// Looks a storefront up by its alpha-3 code, ignoring case. Returns nil for unknown codes.
    ///
    /// ```swift
    /// StorefrontCountry(countryCode: "GBR")?.currencyCode  // "GBP"
    /// StorefrontCountry(countryCode: "XYZ")                 // nil
    /// ```
    public init?(countryCode: String) {
        guard let found = Self.byCode[countryCode.uppercased()] else { return nil }
        self = found
    }

    init(_ countryCode: String, _ currencyCode: String, _ localeIdentifier: String, minorUnits: Int = 2) {
        self.countryCode = countryCode
        self.currencyCode = currencyCode
        self.localeIdentifier = localeIdentifier
        self.minorUnits = minorUnits
    }

    /// Xcode's default when a file names no storefront.
    public static let unitedStates = StorefrontCountry(countryCode: "USA")!  // in the table; a test pins it

    /// Every App Store storefront we know, in alphabetical order of alpha-3 code.
    ///
    /// ```swift
    /// StorefrontCountry.all.filter { $0.currencyCode == "EUR" }.count  // the euro storefronts
    /// ```
    public static let all: [StorefrontCountry] = storefrontTable.sorted { $0.countryCode < $1.countryCode }

    private static let byCode: [String: StorefrontCountry] = Dictionary(
        storefrontTable.map { ($0.countryCode, $0) }, uniquingKeysWith: { first, _ in first }
    )

    /// The formatting locale as a Foundation `Locale`.
    public var locale: Locale { Locale(identifier: localeIdentifier) }

    public var description: String { "\(countryCode) (\(currencyCode), \(localeIdentifier))" }
}
