import Foundation

/// The contents of a StoreKit configuration file (`.storekit`): every product in file order,
/// the subscription groups, the test settings and the app policies.
///
/// ```swift
/// let catalog = try CatalogLoader.load(contentsOf: URL(fileURLWithPath: "Cheers.storekit"))
/// catalog.storefront.currencyCode                  // "JPY"
/// let cheer = catalog.product(id: "com.example.cheers.sparkler")!
/// cheer.displayPrice                               // "¥500"
/// catalog.localizedText(for: cheer, locale: "zh_Hans").displayName
/// ```
public struct Catalog: Sendable, Equatable {
    /// The file's `identifier`; absent in 1.0 files. Opaque: Xcode writes 8 hex digits, people write anything.
    public var identifier: String?
    /// The file's `version`, informational only.
    public var version: Version?
    public var settings: CatalogSettings
    /// The country from `settings.storefront`, or the United States when absent or unknown.
    public var storefront: StorefrontCountry
    /// `products`, then `nonRenewingSubscriptions`, then each group's `subscriptions`. A
    /// catalog still building waits for its last product (see ``product(at:)``).
    public var products: [CatalogProduct] { table.built.products }
    /// A catalog still building waits for its last product.
    public var subscriptionGroups: [CatalogSubscriptionGroup] { table.built.groups }
    public var appPolicies: AppPolicies
    /// The `subscriptionOffersKeyPair.id` when the file has one. The private key itself is never read
    /// into any value; ``hasSigningKey`` only says whether it was there.
    public var signingKeyID: String?
    public var hasSigningKey: Bool
    /// A catalog still building waits for its last product.
    public var warnings: [CatalogWarning] { table.built.warnings }

    /// The products and groups, and product positions by ID (the first, for a repeated ID),
    /// so that lookups stay fast in 100,000-product catalogs.
    let table: ProductTable

    /// The `version` object: `{"major": 4, "minor": 0}`.
    public struct Version: Sendable, Hashable, CustomStringConvertible {
        public var major: Int
        public var minor: Int

        public init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        public var description: String { "\(major).\(minor)" }
    }

    public init(
        identifier: String? = nil, version: Version? = nil, settings: CatalogSettings = CatalogSettings(),
        storefront: StorefrontCountry = .unitedStates, products: [CatalogProduct] = [],
        subscriptionGroups: [CatalogSubscriptionGroup] = [], appPolicies: AppPolicies = AppPolicies(),
        signingKeyID: String? = nil, hasSigningKey: Bool = false, warnings: [CatalogWarning] = []
    ) {
        let ids = products.map(\.id)
        self.init(
            identifier: identifier, version: version, settings: settings, storefront: storefront,
            appPolicies: appPolicies, signingKeyID: signingKeyID, hasSigningKey: hasSigningKey,
            table: ProductTable(products: products, groups: subscriptionGroups, warnings: warnings, ids: ids, index: ProductIndex(ids))
        )
    }

    init(
        identifier: String?, version: Version?, settings: CatalogSettings, storefront: StorefrontCountry,
        appPolicies: AppPolicies, signingKeyID: String?, hasSigningKey: Bool, table: ProductTable
    ) {
        self.identifier = identifier
        self.version = version
        self.settings = settings
        self.storefront = storefront
        self.appPolicies = appPolicies
        self.signingKeyID = signingKeyID
        self.hasSigningKey = hasSigningKey
        self.table = table
    }

    /// How many products there are, without waiting for a catalog still building.
    ///
    /// ```swift
    /// let rows = (0..<catalog.productCount).map(catalog.referenceName(at:))
    /// ```
    public var productCount: Int { table.count }

    /// The product at `position` in ``products``, waiting only for the part of a catalog still
    /// building that holds it; nil when that part could not be built (``built()`` says why).
    ///
    /// ```swift
    /// let first = catalog.product(at: 0)?.displayPrice
    /// ```
    public func product(at position: Int) -> CatalogProduct? {
        table.product(at: position)
    }

    /// The ID and the reference name of the product at `position`, without waiting: what a
    /// list names its rows by while the products load.
    ///
    /// ```swift
    /// let last = catalog.productCount - 1
    /// print(catalog.productID(at: last), catalog.referenceName(at: last))
    /// ```
    public func productID(at position: Int) -> String { table.ids[position] }
    public func referenceName(at position: Int) -> String { table.referenceName(at: position) }

    /// The first product with this ID, in constant time (once its part of a catalog still
    /// building is built).
    public func product(id: String) -> CatalogProduct? {
        productPosition(id: id).flatMap(product(at:))
    }

    /// Where the first product with this ID is in ``products``, in constant time and without
    /// waiting: for reading one field of many products without copying each whole product.
    ///
    /// ```swift
    /// if let position = catalog.productPosition(id: "tip.small") {
    ///     print(catalog.referenceName(at: position))
    /// }
    /// ```
    public func productPosition(id: String) -> Int? {
        table.position(of: id)
    }

    /// Whether every product has been built (always, unless loaded with
    /// `CatalogLoader.load(contentsOf:buildingInBackground:)`).
    ///
    /// ```swift
    /// if !catalog.isBuilt { try await catalog.built() }
    /// ```
    public var isBuilt: Bool { table.isBuilt }

    /// Waits until every product has been built, off the calling task's thread; throws the
    /// error loading the catalog whole would have thrown.
    ///
    /// ```swift
    /// let catalog = try CatalogLoader.load(contentsOf: url, buildingInBackground: true)
    /// try await catalog.built()
    /// ```
    public func built() async throws(CatalogError) {
        if let failure = await table.built() { throw failure }
    }

    /// Waits, off the calling task's thread, until the products with these IDs are built: a
    /// catalog still building then answers ``product(id:)`` for them without blocking.
    ///
    /// ```swift
    /// await catalog.productsBuilt(for: ["tip.small"])
    /// ```
    public func productsBuilt(for ids: [String]) async {
        await table.built(for: ids)
    }

    public static func == (lhs: Catalog, rhs: Catalog) -> Bool {
        lhs.identifier == rhs.identifier && lhs.version == rhs.version && lhs.settings == rhs.settings
            && lhs.storefront == rhs.storefront && lhs.appPolicies == rhs.appPolicies && lhs.signingKeyID == rhs.signingKeyID
            && lhs.hasSigningKey == rhs.hasSigningKey && lhs.table.built == rhs.table.built
    }

    public func subscriptionGroup(id: String) -> CatalogSubscriptionGroup? {
        subscriptionGroups.first { $0.id == id }
    }

    /// A group's subscriptions in the order a subscription picker lists them: service level 1
    /// first, then shorter periods first, then file order.
    ///
    /// ```swift
    /// let options = catalog.subscriptions(in: catalog.subscriptionGroups[0])
    /// options.map(\.id)  // level 1 monthly, level 1 yearly, level 2 monthly, …
    /// ```
    public func subscriptions(in group: CatalogSubscriptionGroup) -> [CatalogProduct] {
        let members = group.productIDs.compactMap(product(id:)).compactMap { product in
            product.subscription.map { (product: product, info: $0) }
        }
        return members.enumerated().sorted { lhs, rhs in
            let left = lhs.element.info, right = rhs.element.info
            if left.groupLevel != right.groupLevel { return left.groupLevel < right.groupLevel }
            let leftDays = left.subscriptionPeriod.approximateDays, rightDays = right.subscriptionPeriod.approximateDays
            if leftDays != rightDays { return leftDays < rightDays }
            return lhs.offset < rhs.offset
        }.map(\.element.product)
    }

    /// Formats prices for this catalog's storefront.
    public var priceFormatter: PriceFormatter { PriceFormatter(storefront: storefront) }

    /// Every locale that some product or group has a localization for, in order of first appearance.
    public var locales: [String] {
        var seen = Set<String>()
        let all = products.lazy.flatMap(\.localizations).map(\.locale)
            + subscriptionGroups.lazy.flatMap(\.localizations).map(\.locale)
        return all.filter { seen.insert($0).inserted }
    }

    /// A product's name and description for `locale`, falling back to the catalog's `_locale`.
    ///
    /// ```swift
    /// catalog.localizedText(for: product, locale: "ja_JP").displayName  // the `ja` name
    /// catalog.localizedText(for: product, locale: nil).displayName      // the `_locale` name
    /// ```
    public func localizedText(for product: CatalogProduct, locale: String?) -> LocalizedText {
        product.localizedText(locale: locale, fallbackLocale: settings.locale)
    }

    /// A subscription group's display name for `locale`, falling back to the catalog's `_locale`,
    /// then the group's `name`.
    public func localizedText(for group: CatalogSubscriptionGroup, locale: String?) -> LocalizedText {
        group.localizedText(locale: locale, fallbackLocale: settings.locale)
    }
}
