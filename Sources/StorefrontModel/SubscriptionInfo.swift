import Foundation

extension Product {
    /// What makes an auto-renewable subscription: its group, its rank in the group,
    /// its period and offers, and the customer's standing in the group.
    ///
    /// `groupLevel` 1 is the highest tier; a larger number is a lower tier.
    /// `isEligibleForIntroOffer` and `status` describe the customer, so a `Storefront`
    /// fills them in from the ledger once it has loaded it.
    ///
    /// ```swift
    /// let monthly = Product.SubscriptionInfo(
    ///     subscriptionGroupID: "birdfood.pass", groupLevel: 2,
    ///     subscriptionPeriod: .init(value: 1, unit: .month)
    /// )
    /// print(monthly.isEligibleForIntroOffer) // true until the ledger says otherwise
    /// ```
    public struct SubscriptionInfo: Hashable, Sendable {
        public let subscriptionGroupID: String
        /// Rank in the group: 1 is the highest tier.
        public let groupLevel: Int
        public let subscriptionPeriod: SubscriptionPeriod
        public var introductoryOffer: SubscriptionOffer? { introductoryOffers.first }
        /// The introductory offer, or none: an array of one takes 8 bytes where the
        /// optional offer took 90 in every subscription's info, with an offer or not.
        private let introductoryOffers: [SubscriptionOffer]
        public let promotionalOffers: [SubscriptionOffer]
        /// The win-back offers configured for the subscription, whoever the customer is;
        /// `RenewalInfo.eligibleWinBackOfferIDs` says which this customer may take.
        public let winBackOffers: [SubscriptionOffer]
        /// Whether the customer may still take an introductory offer in this group.
        public var isEligibleForIntroOffer: Bool
        /// The customer's statuses in this group (several only with family sharing).
        public var status: [Status]
        /// The subscription's billing plans: empty without any, else paid up front and,
        /// for a yearly subscription, monthly with a 12-month commitment.
        public var pricingTerms: [PricingTerms] = []

        public init(
            subscriptionGroupID: String,
            groupLevel: Int,
            subscriptionPeriod: SubscriptionPeriod,
            introductoryOffer: SubscriptionOffer? = nil,
            promotionalOffers: [SubscriptionOffer] = [],
            isEligibleForIntroOffer: Bool = true,
            status: [Status] = [],
            winBackOffers: [SubscriptionOffer] = []
        ) {
            self.subscriptionGroupID = subscriptionGroupID
            self.groupLevel = groupLevel
            self.subscriptionPeriod = subscriptionPeriod
            self.introductoryOffers = introductoryOffer.map { [$0] } ?? []
            self.promotionalOffers = promotionalOffers
            self.isEligibleForIntroOffer = isEligibleForIntroOffer
            self.status = status
            self.winBackOffers = winBackOffers
        }
    }
}

extension Product.SubscriptionInfo {
    /// Where a subscription stands in its renewal cycle.
    ///
    /// ```swift
    /// let entitled = Product.SubscriptionInfo.RenewalState.allCases.filter(\.isEntitled)
    /// // [.subscribed, .inGracePeriod]
    /// ```
    public enum RenewalState: String, CaseIterable, Hashable, Sendable, Codable {
        case subscribed
        case expired
        /// A renewal payment failed and the store is retrying; no access.
        case inBillingRetryPeriod
        /// A renewal payment failed but access continues until the grace period ends.
        case inGracePeriod
        /// Refunded or revoked.
        case revoked

        /// Whether this state gives access to the subscription's content.
        public var isEntitled: Bool {
            self == .subscribed || self == .inGracePeriod
        }
    }

    /// Why a subscription expired.
    ///
    /// ```swift
    /// let reason = Product.SubscriptionInfo.ExpirationReason.autoRenewDisabled
    /// print(reason.rawValue) // autoRenewDisabled: the customer cancelled
    /// ```
    public enum ExpirationReason: String, CaseIterable, Hashable, Sendable, Codable {
        case autoRenewDisabled
        case billingError
        case didNotConsentToPriceIncrease
        case productUnavailable
        case unknown
    }

    /// What will happen at the next renewal.
    ///
    /// ```swift
    /// let info = Product.SubscriptionInfo.RenewalInfo(
    ///     originalTransactionID: 1, currentProductID: "pass.premium",
    ///     willAutoRenew: true, autoRenewPreference: "pass.basic"
    /// )
    /// // Renews as pass.basic: a downgrade is scheduled.
    /// ```
    public struct RenewalInfo: Hashable, Sendable, Codable {
        public let originalTransactionID: Transaction.ID
        /// The product the customer has now.
        public let currentProductID: Product.ID
        public let willAutoRenew: Bool
        /// The product that renews next; differs from `currentProductID` after a
        /// downgrade or a crossgrade that waits for the renewal.
        public let autoRenewPreference: Product.ID?
        public let isInBillingRetry: Bool
        public let gracePeriodExpirationDate: Date?
        public let expirationReason: ExpirationReason?
        /// The win-back offers this customer may take now, best first; empty while they
        /// are subscribed, in billing retry or grace, or no offer's terms admit them.
        public let eligibleWinBackOfferIDs: [String]
        /// The app's own transaction for this customer, as on their transactions.
        public let appTransactionID: String
        /// The token the app gave the chain's latest purchase, if any.
        public let appAccountToken: UUID?
        /// What the next renewal bills, in `currency`: the offer's price while an offer
        /// carries on, else the price of the product it renews as.
        public let renewalPrice: Decimal?
        public let currency: Locale.Currency?
        /// The offer the next renewal keeps (a pay-as-you-go offer with periods left).
        public let offer: Transaction.Offer?
        /// How the subscription is paid after its commitment; nil outside one.
        public internal(set) var renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType?
        /// What happens at the commitment's end; nil outside one.
        public internal(set) var commitmentInfo: CommitmentInfo?
        /// Whether the next renewal is subject to a price increase (StoreKit's
        /// `priceIncreaseStatus`); `renewalPrice` is then the new price.
        public internal(set) var priceIncreaseStatus: PriceIncreaseStatus = .noIncreasePending

        public init(
            originalTransactionID: Transaction.ID,
            currentProductID: Product.ID,
            willAutoRenew: Bool,
            autoRenewPreference: Product.ID?,
            isInBillingRetry: Bool = false,
            gracePeriodExpirationDate: Date? = nil,
            expirationReason: ExpirationReason? = nil,
            eligibleWinBackOfferIDs: [String] = [],
            appTransactionID: String = "",
            appAccountToken: UUID? = nil,
            renewalPrice: Decimal? = nil,
            currency: Locale.Currency? = nil,
            offer: Transaction.Offer? = nil
        ) {
            self.originalTransactionID = originalTransactionID
            self.currentProductID = currentProductID
            self.willAutoRenew = willAutoRenew
            self.autoRenewPreference = autoRenewPreference
            self.isInBillingRetry = isInBillingRetry
            self.gracePeriodExpirationDate = gracePeriodExpirationDate
            self.expirationReason = expirationReason
            self.eligibleWinBackOfferIDs = eligibleWinBackOfferIDs
            self.appTransactionID = appTransactionID
            self.appAccountToken = appAccountToken
            self.renewalPrice = renewalPrice
            self.currency = currency
            self.offer = offer
        }
    }

    /// The customer's standing in one subscription group: the state, the latest
    /// transaction and the renewal info, each as the store signed them.
    ///
    /// ```swift
    /// func describe(_ status: Product.SubscriptionInfo.Status) -> String {
    ///     guard case .verified(let transaction) = status.transaction else { return "unverified" }
    ///     return "\(transaction.productID): \(status.state)"
    /// }
    /// ```
    public struct Status: Hashable, Sendable {
        public let state: RenewalState
        public let transaction: VerificationResult<Transaction>
        public let renewalInfo: VerificationResult<RenewalInfo>

        public init(
            state: RenewalState,
            transaction: VerificationResult<Transaction>,
            renewalInfo: VerificationResult<RenewalInfo>
        ) {
            self.state = state
            self.transaction = transaction
            self.renewalInfo = renewalInfo
        }
    }
}
