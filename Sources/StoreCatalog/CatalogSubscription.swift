/// What an auto-renewable subscription adds to a product; StoreKit's `Product.SubscriptionInfo`.
///
/// ```swift
/// if let info = product.subscription {
///     print(info.subscriptionGroupID, info.groupLevel, info.subscriptionPeriod.iso8601)  // "A37B5C10 1 P1M"
/// }
/// ```
public struct CatalogSubscription: Sendable, Equatable {
    /// The parent group's `id`.
    public var subscriptionGroupID: String
    /// The service level from `groupNumber`: 1 is the highest, and several subscriptions may share one.
    public var groupLevel: Int
    public var subscriptionPeriod: SubscriptionPeriod
    /// From `introductoryOffers[0]`, else `introductoryOffer`; nil when absent or `"none"`.
    public var introductoryOffer: CatalogOffer? {
        get { introductoryOffers.first }
        set { introductoryOffers = newValue.map { [$0] } ?? [] }
    }
    /// The introductory offer, or none: an array of one takes 8 bytes in the subscription
    /// where the optional offer took 120 in every one, with an offer or not (30,000
    /// subscriptions in a generated 100,000-product catalog).
    private var introductoryOffers: [CatalogOffer]
    /// The file's `adHocOffers`.
    public var promotionalOffers: [CatalogOffer]
    public var codeOffers: [CatalogOffer]
    /// The file's `winbackOffers`.
    public var winBackOffers: [CatalogOffer]
    /// The file's `billingPlans` (5.0 and later): a yearly subscription may also be paid
    /// monthly with a 12-month commitment. Empty when the file has none.
    public var billingPlans: [CatalogBillingPlan]

    public init(
        subscriptionGroupID: String, groupLevel: Int, subscriptionPeriod: SubscriptionPeriod,
        introductoryOffer: CatalogOffer? = nil, promotionalOffers: [CatalogOffer] = [],
        codeOffers: [CatalogOffer] = [], winBackOffers: [CatalogOffer] = [],
        billingPlans: [CatalogBillingPlan] = []
    ) {
        self.subscriptionGroupID = subscriptionGroupID
        self.groupLevel = groupLevel
        self.subscriptionPeriod = subscriptionPeriod
        self.introductoryOffers = introductoryOffer.map { [$0] } ?? []
        self.promotionalOffers = promotionalOffers
        self.codeOffers = codeOffers
        self.winBackOffers = winBackOffers
        self.billingPlans = billingPlans
    }
}

/// A subscription group: its ID, reference name, localized display names and members.
///
/// ```swift
/// let group = catalog.subscriptionGroups[0]
/// let members = group.productIDs.compactMap(catalog.product(id:))
/// print(catalog.localizedText(for: group, locale: "ja").displayName, members.count)
/// ```
public struct CatalogSubscriptionGroup: Sendable, Equatable, Identifiable {
    /// 8 hex digits when made in Xcode, 8 decimal digits when synced from App Store Connect.
    public var id: String
    /// The reference name; the display name when no localization has one.
    public var name: String
    public var localizations: [CatalogLocalization]
    /// The group's subscriptions in file order.
    public var productIDs: [String]

    public init(id: String, name: String, localizations: [CatalogLocalization] = [], productIDs: [String] = []) {
        self.id = id
        self.name = name
        self.localizations = localizations
        self.productIDs = productIDs
    }

    /// The group's display name and description for `locale`, with the same fallbacks as
    /// ``CatalogProduct/localizedText(locale:fallbackLocale:)``, ending at `name`, then `id`.
    public func localizedText(locale: String?, fallbackLocale: String?) -> LocalizedText {
        LocaleFallback(requested: locale, catalogLocale: fallbackLocale)
            .localizedText(localizations, lastResortName: name.isEmpty ? id : name)
    }
}
