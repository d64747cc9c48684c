import Foundation

extension Product.SubscriptionInfo {
    /// How a subscription is billed: StoreKit's `BillingPlanType` (iOS 26.4). Every yearly
    /// subscription can be paid `upFront`; one with a billing plan can also be paid
    /// `monthly`, with a 12-month commitment.
    ///
    /// ```swift
    /// let monthly = Product.SubscriptionInfo.BillingPlanType.monthly
    /// print(monthly.rawValue)  // MONTHLY
    /// ```
    public struct BillingPlanType: RawRepresentable, Hashable, Sendable, Codable {
        /// Spelled as App Store Server payloads spell it.
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The whole period paid at once; StoreKit's default.
        public static let upFront = Self(rawValue: "BILLED_UPFRONT")
        /// Paid each month of a 12-month commitment.
        public static let monthly = Self(rawValue: "MONTHLY")
    }

    /// What a commitment costs in all, and how long it lasts: StoreKit's
    /// `Product.SubscriptionInfo.CommitmentInfo`.
    public struct CommitmentInfo: Hashable, Sendable {
        public let price: Decimal
        public let displayPrice: String
        /// The whole commitment: a year for a monthly plan.
        public let period: Product.SubscriptionPeriod

        public init(price: Decimal, displayPrice: String, period: Product.SubscriptionPeriod) {
            self.price = price
            self.displayPrice = displayPrice
            self.period = period
        }
    }

    /// One billing plan of a subscription: StoreKit's `Product.SubscriptionInfo.PricingTerms`.
    ///
    /// ```swift
    /// if let monthly = product.subscription?.pricingTerms.first(where: { $0.billingPlanType == .monthly }) {
    ///     print("\(monthly.billingDisplayPrice)/month, \(monthly.commitmentInfo.displayPrice) in all")
    /// }
    /// ```
    public struct PricingTerms: Hashable, Sendable {
        public let billingPlanType: BillingPlanType
        /// What each payment costs.
        public let billingPrice: Decimal
        public let billingDisplayPrice: String
        /// How often the customer pays: a month for `monthly`.
        public let billingPeriod: Product.SubscriptionPeriod
        public let commitmentInfo: CommitmentInfo
        /// The offers that apply with this plan.
        public let subscriptionOffers: [Product.SubscriptionOffer]

        public init(
            billingPlanType: BillingPlanType, billingPrice: Decimal, billingDisplayPrice: String,
            billingPeriod: Product.SubscriptionPeriod, commitmentInfo: CommitmentInfo,
            subscriptionOffers: [Product.SubscriptionOffer] = []
        ) {
            self.billingPlanType = billingPlanType
            self.billingPrice = billingPrice
            self.billingDisplayPrice = billingDisplayPrice
            self.billingPeriod = billingPeriod
            self.commitmentInfo = commitmentInfo
            self.subscriptionOffers = subscriptionOffers
        }

        /// How many payments the commitment takes: 12 for a monthly plan on a year.
        public var billingPeriodCount: Int {
            func months(_ period: Product.SubscriptionPeriod) -> Int? {
                switch period.unit {
                case .month: period.value
                case .year: period.value * 12
                case .day, .week: nil
                }
            }
            guard let total = months(commitmentInfo.period), let each = months(billingPeriod), each > 0 else { return 1 }
            return max(1, total / each)
        }
    }

    /// The monthly plan with a commitment, when the subscription has one.
    public var monthlyPricingTerms: PricingTerms? {
        pricingTerms.first { $0.billingPlanType == .monthly }
    }
}

extension Transaction {
    /// Where one payment of a commitment stands: StoreKit's `Transaction.CommitmentInfo`.
    ///
    /// ```swift
    /// if let commitment = transaction.commitmentInfo {
    ///     print("payment \(commitment.billingPeriodNumber) of \(commitment.totalBillingPeriods)")
    /// }
    /// ```
    public struct CommitmentInfo: Hashable, Sendable, Codable {
        /// When the commitment ends: twelve months after it began.
        public let expirationDate: Date
        /// This payment's place in the commitment, from 1.
        public let billingPeriodNumber: UInt64
        public let totalBillingPeriods: UInt64
        /// The commitment's whole price.
        public let price: Decimal

        public init(expirationDate: Date, billingPeriodNumber: UInt64, totalBillingPeriods: UInt64, price: Decimal) {
            self.expirationDate = expirationDate
            self.billingPeriodNumber = billingPeriodNumber
            self.totalBillingPeriods = totalBillingPeriods
            self.price = price
        }
    }

    /// The same transaction with its billing plan and, for a monthly plan, its commitment.
    public func billed(as plan: Product.SubscriptionInfo.BillingPlanType?, commitment: CommitmentInfo?) -> Transaction {
        var copy = self
        copy.billingPlanType = plan
        copy.commitmentInfo = commitment
        return copy
    }
}

extension Product.SubscriptionInfo.RenewalInfo {
    /// What happens when a commitment ends: StoreKit's `RenewalInfo.CommitmentInfo`.
    /// Present only while the subscription is in a commitment.
    public struct CommitmentInfo: Hashable, Sendable, Codable {
        /// When the commitment ends, and the next one would begin.
        public let renewalDate: Date
        /// What the next commitment (or the up-front year) costs in all.
        public let renewalPrice: Decimal
        /// Whether anything renews at the commitment's end.
        public let willAutoRenew: Bool
        /// The product that renews then.
        public let autoRenewPreference: String
        /// How it is paid then: `monthly` renews into a new commitment.
        public let renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType

        public init(
            renewalDate: Date, renewalPrice: Decimal, willAutoRenew: Bool, autoRenewPreference: String,
            renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType
        ) {
            self.renewalDate = renewalDate
            self.renewalPrice = renewalPrice
            self.willAutoRenew = willAutoRenew
            self.autoRenewPreference = autoRenewPreference
            self.renewalBillingPlanType = renewalBillingPlanType
        }
    }

    /// The same renewal info with how the subscription renews after its commitment.
    public func committed(renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType?, commitmentInfo: CommitmentInfo?)
        -> Product.SubscriptionInfo.RenewalInfo {
        var copy = self
        copy.renewalBillingPlanType = renewalBillingPlanType
        copy.commitmentInfo = commitmentInfo
        return copy
    }
}
