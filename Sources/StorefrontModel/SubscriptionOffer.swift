import Foundation

extension Product {
    /// A discounted price for some periods of a subscription.
    ///
    /// ```swift
    /// let style = Decimal.FormatStyle.Currency(code: "GBP", locale: Locale(identifier: "en_GB"))
    /// let trial = Product.SubscriptionOffer(
    ///     id: nil, type: .introductory, paymentMode: .freeTrial,
    ///     period: .init(value: 1, unit: .week), periodCount: 1,
    ///     price: 0, priceFormatStyle: style
    /// )
    /// print(trial.displayPrice) // £0.00
    /// ```
    public struct SubscriptionOffer: Hashable, Sendable {
        /// Who the offer is for.
        public enum OfferType: String, CaseIterable, Hashable, Sendable, Codable {
            /// New subscribers of the group, once per group.
            case introductory
            /// Existing or lapsed subscribers, with a signed offer.
            case promotional
            /// Lapsed subscribers, to win them back.
            case winBack
            /// Redeemed with an offer code.
            case code
        }

        /// How the customer pays during the offer.
        public enum PaymentMode: String, CaseIterable, Hashable, Sendable, Codable {
            /// Nothing for `periodCount` periods.
            case freeTrial
            /// `price` each period, for `periodCount` periods.
            case payAsYouGo
            /// `price` once, for `periodCount` periods.
            case payUpFront
            /// An offer code of a consumable, non-consumable or non-renewing subscription:
            /// one payment of `price`, or none (StoreKit 2025, `ONE_TIME` in payloads).
            case oneTime
        }

        /// The offer's identifier; `nil` for introductory offers.
        public let id: String?
        public let type: OfferType
        public let paymentMode: PaymentMode
        public let period: SubscriptionPeriod
        public let periodCount: Int
        public let price: Decimal
        /// `price` formatted like the product's own price.
        public let displayPrice: String

        /// Makes an offer and formats its `displayPrice` with the product's `priceFormatStyle`.
        public init(
            id: String?,
            type: OfferType,
            paymentMode: PaymentMode,
            period: SubscriptionPeriod,
            periodCount: Int,
            price: Decimal,
            priceFormatStyle: Decimal.FormatStyle.Currency
        ) {
            self.id = id
            self.type = type
            self.paymentMode = paymentMode
            self.period = period
            self.periodCount = periodCount
            self.price = price
            self.displayPrice = price.formatted(priceFormatStyle)
        }
    }
}
