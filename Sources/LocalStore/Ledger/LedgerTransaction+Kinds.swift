/// The open value sets of a transaction, spelled as the App Store spells them in
/// signed transactions. Like StoreKit's, they are structs rather than enums, so
/// a value this version does not know still round-trips (and fails verification
/// if it was never signed) instead of making a row unreadable.
extension LedgerTransaction {
    /// StoreKit's `Product.ProductType`.
    public struct ProductType: RawRepresentable, Sendable, Hashable, Codable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let consumable = Self(rawValue: "Consumable")
        public static let nonConsumable = Self(rawValue: "Non-Consumable")
        public static let nonRenewable = Self(rawValue: "Non-Renewing Subscription")
        public static let autoRenewable = Self(rawValue: "Auto-Renewable Subscription")
    }

    /// StoreKit's `Transaction.OwnershipType`.
    public struct OwnershipType: RawRepresentable, Sendable, Hashable, Codable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let purchased = Self(rawValue: "PURCHASED")
        public static let familyShared = Self(rawValue: "FAMILY_SHARED")
    }

    /// StoreKit's `Transaction.OfferType`.
    public struct OfferType: RawRepresentable, Sendable, Hashable, Codable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let introductory = Self(rawValue: 1)
        public static let promotional = Self(rawValue: 2)
        public static let code = Self(rawValue: 3)
        public static let winBack = Self(rawValue: 4)
    }

    /// StoreKit's `Transaction.Offer.PaymentMode`.
    public struct OfferPaymentMode: RawRepresentable, Sendable, Hashable, Codable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let freeTrial = Self(rawValue: "FREE_TRIAL")
        public static let payAsYouGo = Self(rawValue: "PAY_AS_YOU_GO")
        public static let payUpFront = Self(rawValue: "PAY_UP_FRONT")
        /// An offer code of a product that does not renew.
        public static let oneTime = Self(rawValue: "ONE_TIME")
    }

    /// StoreKit's `Transaction.RevocationReason`.
    public struct RevocationReason: RawRepresentable, Sendable, Hashable, Codable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let other = Self(rawValue: 0)
        public static let developerIssue = Self(rawValue: 1)
    }
}
