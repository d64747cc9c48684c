import Foundation

extension LedgerTransaction {
    /// Apple's `revocationType` (StoreKit's `Transaction.RevocationType`), spelled as App Store
    /// Server payloads spell it.
    public struct RevocationType: RawRepresentable, Sendable, Hashable, Codable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The whole purchase was refunded.
        public static let refundFull = Self(rawValue: "REFUND_FULL")
        /// Part of it was refunded: `revocationPercentage` says how much.
        public static let refundProrated = Self(rawValue: "REFUND_PRORATED")
        /// Family Sharing no longer gives it to this member.
        public static let familyRevoke = Self(rawValue: "FAMILY_REVOKE")

        /// A refund, which a reversal can undo (a family revocation is not one).
        public var isRefund: Bool { self == .refundFull || self == .refundProrated }
    }
}
