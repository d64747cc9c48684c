import Foundation
import StoreCatalog
import StorefrontModel

/// The embedded store: a `.storekit` catalog, a signed SQLite ledger and test controls,
/// behind the `StoreBackend` protocol, in the spirit of Xcode's StoreKit Testing.
///
/// A store serves one customer `account`: it reads and writes that account's rows of the
/// ledger alone, so its entitlements, offers, requests and updates are that customer's.
///
/// Time comes from the injected `clock` plus the account's store-time offset, which every
/// process on the ledger shares (`advanceStoreTime(by:)` moves it). Subscriptions renew
/// when store time passes their expiration, the next time the store is asked about them.
///
/// ```swift
/// let catalog = try CatalogLoader.load(contentsOf: URL(fileURLWithPath: "TipJar.storekit"))
/// let store = LocalStore(catalog: catalog, ledger: try Ledger(location: .inMemory))
/// let tip = try await store.products(for: ["tip.small"])[0]
/// if case .success(.verified(let transaction)) = try await store.purchase(tip, options: []) {
///     try await store.finish(transaction)
/// }
/// ```
public actor LocalStore: StoreBackend {
    /// The catalog as this store sells it: storefront, currency and locale.
    public nonisolated let catalog: CatalogStorefront
    /// The signed ledger every purchase is recorded in, scoped to `account`.
    public nonisolated let ledger: Ledger
    /// The customer this store serves.
    public nonisolated var account: CustomerAccount { ledger.account }
    /// Where the store sleeps (latency, ledger watching) and reads the date from.
    public nonisolated let clock: StoreClock
    /// The test controls in force; change them with `setControls(_:)`.
    public private(set) var controls: StoreControls

    private nonisolated let updateFeed = Broadcast<StoreUpdate>()
    private var random = SystemRandomNumberGenerator()
    /// The renewal pass under way, which later callers join instead of starting another.
    var renewing: Task<Void, any Error>?
    /// Transactions this store handed out (bought here or sent to `updates()`), with
    /// whether they were revoked then, so that watching the ledger does not send them again.
    var handedOut: [Int64: Bool] = [:]
    /// Whether a renewal pass also renews the family purchases shared with this customer
    /// (off in the store a pass makes for the purchaser, so passes never chase each other).
    private(set) var followsFamilyRenewals = true
    /// The expiration dates of the subscriptions among them as handed out, so a renewal-date
    /// extension made elsewhere is sent again.
    var handedOutExpirations: [Int64: Date] = [:]

    /// Makes a store over `catalog` and `ledger`.
    ///
    /// - Parameters:
    ///   - storefront: sells in this country's currency instead of the catalog's `_storefront`.
    ///   - locale: names products for this locale instead of the catalog's `_locale`.
    ///   - controls: the test controls; `nil` takes them from the catalog's settings.
    ///   - account: the customer served, whatever account `ledger` was scoped to.
    public init(
        catalog: Catalog,
        ledger: Ledger,
        account: CustomerAccount = .local,
        clock: StoreClock = .live,
        storefront: StorefrontCountry? = nil,
        locale: String? = nil,
        controls: StoreControls? = nil
    ) {
        self.catalog = CatalogStorefront(catalog: catalog, storefront: storefront, locale: locale)
        self.ledger = ledger.scoped(to: account).sharingWithFamily(Self.familyShareable(in: catalog))
        self.clock = clock
        self.controls = controls ?? StoreControls(settings: catalog.settings)
    }

    /// Replaces the test controls; the next call uses them.
    ///
    /// ```swift
    /// var controls = await store.controls
    /// controls.askToBuy = true
    /// await store.setControls(controls)
    /// ```
    public func setControls(_ controls: StoreControls) {
        self.controls = controls
    }

    /// The store's current date: the clock's date plus the ledger's store-time offset.
    public func storeNow() async throws -> Date {
        clock.now + (try await ledger.storeTimeOffset())
    }

    // MARK: - StoreBackend

    public func storefront() async throws -> StorefrontInfo {
        try await begin(nil)
        return catalog.info
    }

    public func products(for ids: [Product.ID]) async throws -> [Product] {
        try await begin(.loadProducts)
        // A product removed from sale loads as unavailable, as the App Store's do.
        let offSale = try await ledger.productsRemovedFromSale()
        // A catalog still building: wait for these products without holding a thread.
        await catalog.catalog.productsBuilt(for: ids)
        var products = catalog.products(for: ids)
        if !offSale.isEmpty { products.removeAll { offSale.contains($0.id) } }
        guard products.contains(where: { $0.subscription != nil }) else { return products }
        let usedGroups = try await groupsSubscribedTo()
        for index in products.indices {
            // Set only when it changes: setting makes the product a new storage, and a
            // 100,000-product answer held both while its subscriptions were remade.
            if let info = products[index].subscription, usedGroups.contains(info.subscriptionGroupID) == info.isEligibleForIntroOffer {
                products[index].subscription?.isEligibleForIntroOffer = !usedGroups.contains(info.subscriptionGroupID)
            }
        }
        return products
    }

    public func updates() async -> AsyncStream<StoreUpdate> {
        updateFeed.subscribe()
    }

    /// The updates sent to `updates()` streams and not yet handled by their listeners.
    public nonisolated var updateDelivery: Delivery {
        updateFeed.delivery
    }

    // MARK: - Shared steps

    /// What every call does first: waits the latency on the clock, then fails if the
    /// controls say `api` fails. `nil` is a call no control makes fail.
    func begin(_ api: StoreAPI?) async throws {
        let latency = controls.latency.sample(using: &random)
        if latency > .zero {
            try await clock.sleep(for: latency)
        }
        if let api, let error = controls.failures[api]?.thrown {
            throw error
        }
    }

    /// A ledger entry as this store hands it out: the verification control, when set,
    /// makes every transaction unverified.
    public func verificationResult(of entry: LedgerEntry) -> VerificationResult<Transaction> {
        let result = entry.verificationResult
        if case .verification(let error)? = controls.failures[.verification] {
            return .unverified(result.unsafePayloadValue, error)
        }
        return result
    }

    /// Hands `entry` out: sends it to `updates()` (unless it is the result of a purchase
    /// made here) and remembers it.
    func handOut(_ entry: LedgerEntry, sending: Bool = true) -> VerificationResult<Transaction> {
        handedOut[entry.id] = entry.transaction.revocationDate != nil
        handedOutExpirations[entry.id] = entry.transaction.expirationDate
        let result = verificationResult(of: entry)
        if sending { emit(.transaction(result)) }
        return result
    }

    func stopFollowingFamilyRenewals() {
        followsFamilyRenewals = false
    }

    func emit(_ update: StoreUpdate) {
        updateFeed.send(update)
    }
}
