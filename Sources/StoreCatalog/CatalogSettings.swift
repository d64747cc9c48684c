/// The private StoreKit Testing settings from a file's `settings` object. Every key is optional.
///
/// ```swift
/// let settings = catalog.settings
/// if settings.askToBuyEnabled { print("purchases wait for a parent's approval") }
/// if let purchase = settings.storeKitError(for: .purchase), purchase.isEnabled {
///     print("purchases fail with", purchase.error?.type ?? "an error")
/// }
/// ```
public struct CatalogSettings: Sendable, Equatable {
    /// `_storefront` as written (ISO 3166 alpha-3); ``Catalog/storefront`` is the resolved country.
    public var storefront: String?
    /// `_locale`: the default localization, e.g. `"en_US"` or `"ja"`.
    public var locale: String?
    /// `_timeRate`: Xcode's code for `SKTestSession.TimeRate` (0 is real time).
    public var timeRate: Int?
    /// `_askToBuyEnabled`
    public var askToBuyEnabled: Bool
    /// `_storeKitErrors` (2.0+), in file order.
    public var storeKitErrors: [StoreKitErrorSetting]
    /// `_storeKitError`: the single error code of 1.x and 2.0 files.
    public var legacyStoreKitError: Int?
    /// `_failTransactionsEnabled` (1.x).
    public var failTransactionsEnabled: Bool
    /// `_billingIssuesEnabled` (1.x).
    public var billingIssuesEnabled: Bool
    /// `_billingGracePeriodEnabled`
    public var billingGracePeriodEnabled: Bool
    /// `_renewalBillingIssuesEnabled`
    public var renewalBillingIssuesEnabled: Bool
    /// `_disableDialogs`
    public var disableDialogs: Bool

    public init(
        storefront: String? = nil, locale: String? = nil, timeRate: Int? = nil, askToBuyEnabled: Bool = false,
        storeKitErrors: [StoreKitErrorSetting] = [], legacyStoreKitError: Int? = nil,
        failTransactionsEnabled: Bool = false, billingIssuesEnabled: Bool = false,
        billingGracePeriodEnabled: Bool = false, renewalBillingIssuesEnabled: Bool = false,
        disableDialogs: Bool = false
    ) {
        self.storefront = storefront
        self.locale = locale
        self.timeRate = timeRate
        self.askToBuyEnabled = askToBuyEnabled
        self.storeKitErrors = storeKitErrors
        self.legacyStoreKitError = legacyStoreKitError
        self.failTransactionsEnabled = failTransactionsEnabled
        self.billingIssuesEnabled = billingIssuesEnabled
        self.billingGracePeriodEnabled = billingGracePeriodEnabled
        self.renewalBillingIssuesEnabled = renewalBillingIssuesEnabled
        self.disableDialogs = disableDialogs
    }

    /// The `_storeKitErrors` entry for one API, if the file has it.
    public func storeKitError(for api: StoreKitErrorSetting.API) -> StoreKitErrorSetting? {
        storeKitErrors.first { $0.api == api }
    }
}

/// One entry of `_storeKitErrors`: whether StoreKit Testing makes an API fail, and with what.
///
/// ```swift
/// let entry = StoreKitErrorSetting(name: "Load Products", isEnabled: true,
///                                  error: .init(type: "generic", index: 2))
/// entry.api  // .loadProducts
/// ```
public struct StoreKitErrorSetting: Sendable, Equatable {
    /// The nine APIs Xcode lists, in its order.
    public enum API: String, Sendable, Hashable, CaseIterable {
        case loadProducts = "Load Products"
        case purchase = "Purchase"
        case verification = "Verification"
        case appStoreSync = "App Store Sync"
        case subscriptionStatus = "Subscription Status"
        case appTransaction = "App Transaction"
        case manageSubscriptionsSheet = "Manage Subscriptions Sheet"
        case refundRequestSheet = "Refund Request Sheet"
        case offerCodeRedeemSheet = "Offer Code Redeem Sheet"
    }

    /// The error Xcode's menu has selected: its category and its position in that category's list.
    public struct Selection: Sendable, Equatable {
        /// `"generic"`, `"purchase"`, `"verification"`, `"refund request"`, …
        public var type: String
        public var index: Int

        public init(type: String, index: Int) {
            self.type = type
            self.index = index
        }
    }

    /// The entry's `name` as written.
    public var name: String
    /// Nil for a name Xcode does not use.
    public var api: API? { API(rawValue: name) }
    public var isEnabled: Bool
    /// `current`: nil when `null` or omitted.
    public var error: Selection?

    public init(name: String, isEnabled: Bool, error: Selection? = nil) {
        self.name = name
        self.isEnabled = isEnabled
        self.error = error
    }
}
