import Foundation

/// A customer's request for a refund of one transaction, StoreKit's `beginRefundRequest`:
/// the reason they gave, the app's answer through Send Consumption Information, and how the
/// store decided. One per transaction, kept in the ledger's `refundRequests` table.
///
/// ```swift
/// let request = try await ledger.requestRefund(id: 7, reason: .unintendedPurchase)
/// print(request.status, request.reason)   // pending UNINTENDED_PURCHASE
/// ```
public struct RefundRequest: Sendable, Hashable {
    /// Apple's `consumptionRequestReason`: why the customer asks.
    public struct Reason: RawRepresentable, Sendable, Hashable, CaseIterable {
        public let rawValue: String
        public init?(rawValue: String) {
            guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
            self.rawValue = rawValue
        }

        private init(_ rawValue: String) { self.rawValue = rawValue }

        public static let unintendedPurchase = Self("UNINTENDED_PURCHASE")
        public static let fulfillmentIssue = Self("FULFILLMENT_ISSUE")
        public static let unsatisfiedWithPurchase = Self("UNSATISFIED_WITH_PURCHASE")
        public static let legal = Self("LEGAL")
        public static let other = Self("OTHER")

        public static let allCases: [Reason] = [.unintendedPurchase, .fulfillmentIssue, .unsatisfiedWithPurchase, .legal, .other]
    }

    /// Where the request stands.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Asked; not decided yet.
        case pending
        /// Refunded, in full or prorated (the transaction's `revocationType` says which).
        case granted
        /// Refused: the transaction stands.
        case declined
        /// Refunded, then the refund was reversed: the transaction stands again.
        case reversed
    }

    /// The app's answer, Send Consumption Information v2's `ConsumptionRequest`, as received.
    public struct Consumption: Sendable, Hashable, Codable {
        public var customerConsented: Bool
        public var sampleContentProvided: Bool
        public var deliveryStatus: String
        /// Milliunits of a percent (50% is 50000).
        public var consumptionPercentage: Int?
        /// `DECLINE`, `GRANT_FULL` or `GRANT_PRORATED`.
        public var refundPreference: String?

        public init(
            customerConsented: Bool, sampleContentProvided: Bool, deliveryStatus: String,
            consumptionPercentage: Int? = nil, refundPreference: String? = nil
        ) {
            self.customerConsented = customerConsented
            self.sampleContentProvided = sampleContentProvided
            self.deliveryStatus = deliveryStatus
            self.consumptionPercentage = consumptionPercentage
            self.refundPreference = refundPreference
        }
    }

    public var transactionID: Int64
    public var account: CustomerAccount
    public var reason: Reason
    public var status: Status
    /// Store time, as every ledger date.
    public var requestedAt: Date
    /// The app's latest answer; nil until it sends one.
    public var consumption: Consumption?
    public var decidedAt: Date?
}
