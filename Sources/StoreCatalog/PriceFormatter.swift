import Foundation

/// Turns `.storekit` price strings into `Decimal`s and `Decimal`s into a storefront's
/// `displayPrice`, with Foundation's currency format style (StoreKit's `priceFormatStyle`).
///
/// ```swift
/// let yen = PriceFormatter(storefront: StorefrontCountry(countryCode: "JPN")!)
/// yen.displayPrice(480)                      // "¥480"
/// PriceFormatter.price(fromDisplayPrice: "2,99")  // 2.99
/// ```
public struct PriceFormatter: Sendable {
    public let storefront: StorefrontCountry
    /// The style used for every price in this storefront, like StoreKit's `Product.priceFormatStyle`.
    public let formatStyle: Decimal.FormatStyle.Currency

    public init(storefront: StorefrontCountry) {
        self.storefront = storefront
        self.formatStyle = .currency(code: storefront.currencyCode).locale(storefront.locale)
    }

    /// The price as the storefront shows it: `"£4.99"`, `"4,99 €"` (with a no-break space), `"₩5,900"`.
    ///
    /// ```swift
    /// PriceFormatter(storefront: .unitedStates).displayPrice(Decimal(string: "0.99")!)  // "$0.99"
    /// ```
    public func displayPrice(_ price: Decimal) -> String {
        price.formatted(formatStyle)
    }

    /// Reads a `.storekit` `displayPrice` such as `"0.99"`, `"29900"` or `"2,99"` (a decimal comma).
    /// Returns nil for anything else: signs, letters, currency symbols, thousands separators.
    ///
    /// ```swift
    /// PriceFormatter.price(fromDisplayPrice: "29900")  // 29900
    /// PriceFormatter.price(fromDisplayPrice: "$1")     // nil
    /// ```
    public static func price(fromDisplayPrice text: String) -> Decimal? {
        var body = Substring(text)
        while body.first == " " { body.removeFirst() }
        while body.last == " " { body.removeLast() }
        var separatorSeen = false
        var digitSeen = false
        var normalized = ""
        for scalar in body.unicodeScalars {
            switch scalar {
            case "0"..."9":
                digitSeen = true
                normalized.unicodeScalars.append(scalar)
            case ".", ",":
                guard !separatorSeen, digitSeen else { return nil }
                separatorSeen = true
                normalized.append(".")
            default:
                return nil
            }
        }
        guard digitSeen, normalized.last != "." else { return nil }
        return Decimal(string: normalized, locale: posix)
    }

    /// Parsing must not depend on the machine's locale.
    private static let posix = Locale(identifier: "en_US_POSIX")
}
