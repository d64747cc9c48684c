import StoreCatalog

/// The store calls a test can make fail, StoreKit Testing's `FailableStoreKitAPI`.
///
/// The raw value is the name the command line takes: `--fail purchase`.
///
/// ```swift
/// var controls = StoreControls()
/// controls.failures[.loadProducts] = .storeKit(.networkError(URLError(.notConnectedToInternet)))
/// ```
public enum StoreAPI: String, CaseIterable, Hashable, Sendable {
    /// `products(for:)`.
    case loadProducts
    /// `purchase(_:options:)`.
    case purchase
    /// Signature checks: every transaction comes back `.unverified` with the chosen error.
    case verification
    /// `sync()`, restoring purchases.
    case appStoreSync
    /// `subscriptionStatuses(for:)`.
    case subscriptionStatus
    /// `appTransaction()`.
    case appTransaction
    /// `Transaction.beginRefundRequest`, the refund sheet: fails as StoreKit's
    /// `RefundRequestError.failed`, asking nothing of the store.
    case refundRequest

    /// The API called `name` on the command line: a case name, or `sync` for `appStoreSync`.
    ///
    /// ```swift
    /// StoreAPI(name: "sync") // .appStoreSync
    /// ```
    public init?(name: String) {
        guard let api = name == "sync" ? .appStoreSync : StoreAPI(rawValue: name) else { return nil }
        self = api
    }

    /// The API of a `.storekit` file's `_storeKitErrors` entry; `nil` for the sheets a
    /// terminal store has not (manage subscriptions, offer code).
    public init?(_ api: StoreKitErrorSetting.API) {
        switch api {
        case .loadProducts: self = .loadProducts
        case .purchase: self = .purchase
        case .verification: self = .verification
        case .appStoreSync: self = .appStoreSync
        case .subscriptionStatus: self = .subscriptionStatus
        case .appTransaction: self = .appTransaction
        case .refundRequestSheet: self = .refundRequest
        case .manageSubscriptionsSheet, .offerCodeRedeemSheet: return nil
        }
    }

    /// What an API fails with when no error is named: `unknown`, or for verification
    /// `invalidSignature`.
    public var defaultError: SimulatedError {
        self == .verification ? .verification(.invalidSignature) : .storeKit(.unknown)
    }
}
