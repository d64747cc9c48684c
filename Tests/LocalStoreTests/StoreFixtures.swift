import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport

/// A small catalog built in code, so each test knows every price, level and offer:
///
/// - `coins` (consumable, localized), `lifetime` (non-consumable, family shareable),
///   `season` (non-renewing);
/// - group `pass`: gold monthly (a win-back offer) and yearly (level 1), silver monthly (level 2, a one-week
///   free trial and a promotional offer), bronze and copper monthly (level 3);
/// - group `extras`: extras monthly (level 1, a one-week free trial).
enum Fixtures {
    static let epoch = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    static let catalog: Catalog = {
        let usd = PriceFormatter(storefront: .unitedStates)
        func price(_ text: String) -> Decimal { PriceFormatter.price(fromDisplayPrice: text) ?? 0 }
        func period(_ text: String) -> StoreCatalog.SubscriptionPeriod {
            guard let period = StoreCatalog.SubscriptionPeriod(iso8601: text) else { preconditionFailure("bad period \(text)") }
            return period
        }
        func item(_ id: String, _ type: CatalogProduct.ProductType, _ amount: String,
                  names: [CatalogLocalization] = [], shareable: Bool = false,
                  subscription: CatalogSubscription? = nil) -> CatalogProduct {
            CatalogProduct(
                id: id, type: type, referenceName: id, price: price(amount), displayPrice: usd.displayPrice(price(amount)),
                isFamilyShareable: shareable, localizations: names, subscription: subscription
            )
        }
        func trial() -> CatalogOffer {
            CatalogOffer(type: .introductory, paymentMode: .freeTrial, period: period("P1W"), price: 0, displayPrice: usd.displayPrice(0))
        }
        func plan(_ group: String, _ level: Int, _ length: String, intro: CatalogOffer? = nil,
                  promotions: [CatalogOffer] = []) -> CatalogSubscription {
            CatalogSubscription(
                subscriptionGroupID: group, groupLevel: level, subscriptionPeriod: period(length),
                introductoryOffer: intro, promotionalOffers: promotions
            )
        }
        let winter = CatalogOffer(
            type: .promotional, id: "winter", paymentMode: .payAsYouGo, period: period("P1M"), periodCount: 2,
            price: price("1.99"), displayPrice: usd.displayPrice(price("1.99"))
        )
        let products = [
            item("coins", .consumable, "0.99", names: [
                CatalogLocalization(locale: "en_US", displayName: "Coins", description: "A handful of coins"),
                CatalogLocalization(locale: "ja", displayName: "コイン", description: "コインひとつかみ"),
            ]),
            item("lifetime", .nonConsumable, "19.99", shareable: true),
            item("season", .nonRenewable, "14.99"),
            item("pass.gold.monthly", .autoRenewable, "9.99", subscription: CatalogSubscription(
                subscriptionGroupID: "pass", groupLevel: 1, subscriptionPeriod: period("P1M"),
                winBackOffers: [CatalogOffer(
                    type: .winBack, id: "comeback", paymentMode: .payUpFront, period: period("P3M"),
                    price: price("9.99"), displayPrice: usd.displayPrice(price("9.99"))
                )]
            )),
            item("pass.gold.yearly", .autoRenewable, "99.99", subscription: plan("pass", 1, "P1Y")),
            item("pass.silver.monthly", .autoRenewable, "4.99",
                 subscription: plan("pass", 2, "P1M", intro: trial(), promotions: [winter])),
            item("pass.bronze.monthly", .autoRenewable, "2.99", subscription: plan("pass", 3, "P1M")),
            item("pass.copper.monthly", .autoRenewable, "2.49", subscription: plan("pass", 3, "P1M")),
            item("extras.monthly", .autoRenewable, "1.99", subscription: plan("extras", 1, "P1M", intro: trial())),
        ]
        return Catalog(
            identifier: "fixtures",
            settings: CatalogSettings(storefront: "USA", locale: "en_US"),
            products: products,
            subscriptionGroups: [
                CatalogSubscriptionGroup(id: "pass", name: "Pass", productIDs: products.filter {
                    $0.subscription?.subscriptionGroupID == "pass"
                }.map(\.id)),
                CatalogSubscriptionGroup(id: "extras", name: "Extras", productIDs: ["extras.monthly"]),
            ]
        )
    }()

    /// A bundled sample catalog, read from the package's Resources folder.
    static func bundled(_ name: String) throws -> Catalog {
        try CatalogLoader.load(contentsOf: PackagePaths.catalog(name))
    }
}

/// A store on a test clock that starts at `Fixtures.epoch`: time moves only when a test
/// advances the clock or store time.
struct StoreHarness {
    let clock: VirtualClock
    let store: LocalStore
    let ledger: Ledger

    init(
        catalog: Catalog = Fixtures.catalog,
        controls: StoreControls = StoreControls(),
        storefront: StorefrontCountry? = nil,
        locale: String? = nil,
        ledger location: LedgerLocation = .inMemory,
        account: CustomerAccount = .local
    ) throws {
        let clock = VirtualClock()
        let storeClock = StoreClock(clock, startingAt: Fixtures.epoch)
        let ledger = try Ledger(location: location, environment: [:], clock: storeClock)
        self.init(clock: clock, storeClock: storeClock, ledger: ledger, catalog, controls, storefront, locale, account)
    }

    /// A store on a new ledger of `engine`.
    init(
        engine: Engine, catalog: Catalog = Fixtures.catalog, controls: StoreControls = StoreControls(),
        account: CustomerAccount = .local
    ) async throws {
        try await self.init(on: TestLedger(engine), catalog: catalog, controls: controls, account: account)
    }

    /// A store on `ledger`'s rows; stores on one `TestLedger` share them, as processes do.
    init(
        on ledger: TestLedger, catalog: Catalog = Fixtures.catalog, controls: StoreControls = StoreControls(),
        account: CustomerAccount = .local
    ) async throws {
        let clock = VirtualClock()
        let storeClock = StoreClock(clock, startingAt: Fixtures.epoch)
        let opened = try await ledger.open(clock: storeClock)
        self.init(clock: clock, storeClock: storeClock, ledger: opened, catalog, controls, nil, nil, account)
    }

    private init(
        clock: VirtualClock, storeClock: StoreClock, ledger: Ledger, _ catalog: Catalog, _ controls: StoreControls,
        _ storefront: StorefrontCountry?, _ locale: String?, _ account: CustomerAccount
    ) {
        self.clock = clock
        self.ledger = ledger.scoped(to: account)
        store = LocalStore(
            catalog: catalog, ledger: self.ledger, account: account, clock: storeClock, storefront: storefront, locale: locale,
            controls: controls
        )
    }

    /// The catalog product, as this store sells it.
    func product(_ id: String) async throws -> Product {
        let found = try await store.products(for: [id])
        guard let product = found.first else { throw FixtureError.missing(id) }
        return product
    }

    /// Buys `id` and returns the transaction, which must be verified.
    @discardableResult
    func buy(_ id: String, options: Set<Product.PurchaseOption> = []) async throws -> Transaction {
        let result = try await store.purchase(try await product(id), options: options)
        guard case .success(.verified(let transaction)) = result else { throw FixtureError.notBought(id, result) }
        return transaction
    }

    /// The one status of `groupID`.
    func status(_ groupID: String) async throws -> Product.SubscriptionInfo.Status {
        let statuses = try await store.subscriptionStatuses(for: groupID)
        guard statuses.count == 1, let status = statuses.first else { throw FixtureError.statuses(groupID, statuses.count) }
        return status
    }

    /// Waits until the store is asleep on the clock (latency), then advances it.
    func advanceWhenAsleep(by duration: Duration) async {
        await clock.waitForSleepers()
        clock.advance(by: duration)
    }

    /// Lets a ledger watcher asleep on the clock take one look: advances the clock by
    /// `interval` and waits until the watcher sleeps again, its look done.
    func watcherLooks(after interval: Duration) async {
        await advanceWhenAsleep(by: interval)
        await clock.waitForSleepers()
    }
}

enum FixtureError: Error {
    case missing(String)
    case notBought(String, Product.PurchaseResult)
    case statuses(String, Int)
}

extension AsyncStream<StoreUpdate>.Iterator {
    /// The next transaction sent, skipping status changes.
    mutating func nextTransaction() async -> VerificationResult<Transaction>? {
        while let update = await next() {
            if case .transaction(let result) = update { return result }
        }
        return nil
    }
}
