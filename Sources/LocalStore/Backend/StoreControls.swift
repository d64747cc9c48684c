import StoreCatalog
import StorefrontModel

/// The local store's test controls, in the spirit of Xcode's StoreKit Testing
/// (`SKTestSession`). `init(settings:)` takes them from a `.storekit` file's settings;
/// change any field afterwards to override the file.
///
/// ```swift
/// var controls = StoreControls(settings: catalog.settings)
/// controls.latency = .fixed(.milliseconds(500))
/// controls.failures[.purchase] = .purchase(.purchaseNotAllowed)
/// controls.askToBuy = true
/// let store = LocalStore(catalog: catalog, ledger: ledger, controls: controls)
/// ```
public struct StoreControls: Sendable {
    /// Slept on the store's clock at the start of every backend call.
    public var latency: Latency
    /// APIs that fail, and with what (`SKTestSession.setSimulatedError(_:forAPI:)`).
    public var failures: [StoreAPI: SimulatedError]
    /// Every purchase waits for approval: `.pending`, then `approveAskToBuy` or `declineAskToBuy`.
    public var askToBuy: Bool
    /// Purchases stop for the customer to act (`interruptedPurchasesEnabled`): `.pending`,
    /// then `approveAskToBuy` completes them as `resolveIssueForTransaction` does.
    public var interruptedPurchases: Bool
    /// The customer cancels every payment sheet: purchases end `.userCancelled`.
    public var cancelsPurchases: Bool
    /// How fast subscriptions renew.
    public var timeRate: TimeRate
    /// Renewals fail for billing (`shouldEnterBillingRetryOnRenewal`).
    public var billingRetryOnRenewal: Bool
    /// A failed renewal keeps access for a grace period first (`billingGracePeriodIsEnabled`).
    public var billingGracePeriod: Bool
    /// The version the customer runs now, for `appTransaction()`.
    public var appVersion: String
    /// The version the customer first got, for `appTransaction()`.
    public var originalAppVersion: String
    /// Codes the store accepts besides the catalog's own offer codes (a codes file).
    public var offerCodes: [OfferCode] = []
    /// Where the customer first got the app, for `appTransaction()`'s `originalPlatform`.
    public var originalPlatform: AppStore.Platform = .iOS
    /// The app's bundle ID the store runs as: signed offers must name it (`--bundle-id`);
    /// without one, a signed offer is refused, having nothing to be checked against.
    public var bundleID: String?
    /// The In-App Purchase keys whose signatures the store accepts on promotional offers
    /// and intro-offer eligibility: those registered with `serve api-keys add`.
    public var inAppPurchaseKeys: [APIKey] = []

    /// Controls that change nothing: no latency, no failures, real time.
    public init() {
        latency = .none
        failures = [:]
        askToBuy = false
        interruptedPurchases = false
        cancelsPurchases = false
        timeRate = .realTime
        billingRetryOnRenewal = false
        billingGracePeriod = false
        // A customer who installed today's version: no named entitlement grandfathers them
        // unless `--original-app-version` says they came earlier.
        appVersion = "2.0"
        originalAppVersion = "2.0"
    }

    /// The controls a `.storekit` file sets: `_askToBuyEnabled`, `_timeRate`, the
    /// enabled `_storeKitErrors`, `_renewalBillingIssuesEnabled` (or the 1.x
    /// `_billingIssuesEnabled`) and `_billingGracePeriodEnabled`.
    public init(settings: CatalogSettings) {
        self.init()
        askToBuy = settings.askToBuyEnabled
        timeRate = settings.timeRate.flatMap(TimeRate.init(xcodeCode:)) ?? .realTime
        billingRetryOnRenewal = settings.renewalBillingIssuesEnabled || settings.billingIssuesEnabled
        billingGracePeriod = settings.billingGracePeriodEnabled
        for setting in settings.storeKitErrors where setting.isEnabled {
            guard let api = setting.api.flatMap(StoreAPI.init) else { continue }
            failures[api] = SimulatedError(selection: setting.error, for: api)
        }
    }
}
