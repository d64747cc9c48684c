import Foundation

extension Transaction {
    /// StoreKit's `Transaction.RevocationType`: a full refund, a prorated one, or Family
    /// Sharing taken away.
    ///
    /// ```swift
    /// if transaction.revocationType == .proratedRefund { print(transaction.revocationPercentage ?? 0) }
    /// ```
    public struct RevocationType: RawRepresentable, Hashable, Sendable, Codable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let fullRefund = Self(rawValue: "REFUND_FULL")
        public static let proratedRefund = Self(rawValue: "REFUND_PRORATED")
        public static let familyRevocation = Self(rawValue: "FAMILY_REVOKE")
    }

    /// The same transaction with its revocation's type and, for a prorated refund, percentage.
    public func revoked(as type: RevocationType?, percentage: Decimal?) -> Transaction {
        var copy = self
        copy.revocationType = type
        copy.revocationPercentage = percentage
        return copy
    }
}
