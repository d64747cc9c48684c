/// Something in a catalog that loads but that a person should look at.
///
/// ```swift
/// for warning in catalog.warnings { print("warning:", warning) }
/// // warning: product "com.example.coins" has no display name in any localization
/// ```
public enum CatalogWarning: Sendable, Hashable, CustomStringConvertible {
    /// A second product with an ID already used; lookups by ID find the first.
    case duplicateProductID(String)
    /// A second subscription group with an ID already used.
    case duplicateSubscriptionGroupID(String)
    /// `localizations` is empty; the reference name is shown instead.
    case noLocalizations(productID: String)
    /// Every localization's `displayName` is empty; the reference name is shown instead.
    case emptyDisplayNames(productID: String)
    /// A subscription's `subscriptionGroupID` differs from the group it sits in; the group wins.
    case subscriptionGroupMismatch(productID: String, declared: String, actual: String)
    /// `_storefront` names no storefront we know; prices use the United States.
    case unknownStorefront(String)
    /// A price has more decimal places than the currency has (a fractional yen).
    case pricePrecision(productID: String, price: String, currencyCode: String)
    /// The file holds `subscriptionOffersKeyPair`. The key is neither kept nor shown.
    case containsSigningKey

    public var description: String {
        switch self {
        case .duplicateProductID(let id):
            "duplicate product ID \"\(id)\" (lookups find the first)"
        case .duplicateSubscriptionGroupID(let id):
            "duplicate subscription group ID \"\(id)\""
        case .noLocalizations(let id):
            "product \"\(id)\" has no localizations (its reference name is shown)"
        case .emptyDisplayNames(let id):
            "product \"\(id)\" has no display name in any localization (its reference name is shown)"
        case .subscriptionGroupMismatch(let id, let declared, let actual):
            "subscription \"\(id)\" says group \"\(declared)\" but sits in group \"\(actual)\""
        case .unknownStorefront(let code):
            "unknown storefront \"\(code)\"; prices are shown in USD for USA"
        case .pricePrecision(let id, let price, let currency):
            "product \"\(id)\" costs \(price), more decimal places than \(currency) has"
        case .containsSigningKey:
            "contains a signing key (not shown)"
        }
    }
}
