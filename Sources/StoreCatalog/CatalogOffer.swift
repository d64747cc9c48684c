import Foundation

/// A subscription offer: introductory, promotional (`adHocOffers`), offer code (`codeOffers`)
/// or win-back (`winbackOffers`). Shaped like StoreKit's `Product.SubscriptionOffer`.
///
/// ```swift
/// if let intro = product.subscription?.introductoryOffer, intro.paymentMode == .freeTrial {
///     print("\(intro.period) free")        // "1 week free"
/// }
/// ```
public struct CatalogOffer: Sendable, Equatable {
    public enum OfferType: String, Sendable, Hashable, CaseIterable {
        case introductory, promotional, code, winBack
    }

    public enum PaymentMode: String, Sendable, Hashable, CaseIterable {
        /// `"free"` in the file.
        case freeTrial
        /// A discounted price for each of `periodCount` periods.
        case payAsYouGo
        /// One payment of `price` covering `period` (times `periodCount`).
        case payUpFront
    }

    /// Who may redeem an offer code.
    public enum Eligibility: String, Sendable, Hashable, CaseIterable {
        case new, existing, expired
    }

    public var type: OfferType
    /// The `offerID` for promotional and win-back offers; nil for introductory and code offers.
    public var id: String?
    /// The offer's reference name; StoreKit Testing finds offer codes by it.
    public var referenceName: String?
    public var paymentMode: PaymentMode
    /// For a free trial its length; for pay-as-you-go one billing period; for pay-up-front the
    /// time the single payment covers.
    public var period: SubscriptionPeriod
    /// Number of periods; 1 when the file leaves it out (1.x files never write it).
    public var periodCount: Int
    /// Zero for a free trial.
    public var price: Decimal
    /// `price` formatted for the catalog's storefront.
    public var displayPrice: String
    /// Offer codes only: who may redeem the code. Empty for other offers.
    public var eligibility: Set<Eligibility>
    /// Offer codes only: whether the code stacks with an introductory offer.
    public var isStackable: Bool
    /// Win-back offers only: StoreKit Testing's eligibility switch. Nil when the file has none.
    public var isEligible: Bool?
    /// Win-back offers only: who the offer is for (`WinBackTerms`); nil for other offers.
    public var winBackTerms: WinBackTerms?

    public init(
        type: OfferType, id: String? = nil, referenceName: String? = nil, paymentMode: PaymentMode,
        period: SubscriptionPeriod, periodCount: Int = 1, price: Decimal, displayPrice: String,
        eligibility: Set<Eligibility> = [], isStackable: Bool = false, isEligible: Bool? = nil,
        winBackTerms: WinBackTerms? = nil
    ) {
        self.type = type
        self.id = id
        self.referenceName = referenceName
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.displayPrice = displayPrice
        self.eligibility = eligibility
        self.isStackable = isStackable
        self.isEligible = isEligible
        self.winBackTerms = winBackTerms ?? (type == .winBack ? .anyChurnedSubscriber : nil)
    }
}
