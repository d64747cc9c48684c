import Foundation

/// One request to extend a subscription's renewal date (Apple's Extend a Subscription Renewal
/// Date, or one chain of Extend Subscription Renewal Dates for All Active Subscribers), as the
/// ledger keeps it: once per chain and `requestIdentifier`, so asking again changes nothing.
///
/// ```swift
/// let done = try await store.extendRenewalDate(originalTransactionID: 7, byDays: 30, reason: .serviceIssueOrOutage,
///                                              requestIdentifier: "outage-2026-11")
/// print(done.effectiveDate!)   // the chain's new expiration date
/// ```
public struct RenewalExtension: Sendable, Hashable {
    /// Apple's `extendReasonCode`.
    public enum Reason: Int, Sendable, Hashable, CaseIterable {
        case undeclared = 0
        case customerSatisfaction = 1
        case other = 2
        case serviceIssueOrOutage = 3
    }

    /// Why a subscription got no extension (Apple's 403 errors, and a mass extension's failures).
    public enum Refusal: String, Sendable, Hashable {
        /// Not active with a paid period: expired, revoked, in billing retry, in a grace period
        /// past its expiration date, or in a free offer period.
        case ineligible
        /// Two extensions already within the past 365 days.
        case maximumReached
        /// Shared through Family Sharing: the purchaser's subscription is the one to extend.
        case familyShared
    }

    public var originalTransactionID: Int64
    public var requestIdentifier: String
    public var extendByDays: Int
    public var reason: Reason
    /// The chain's expiration date after the extension; nil when it was refused.
    public var effectiveDate: Date?
    /// Why it was refused; nil when it succeeded.
    public var refusal: Refusal?
    /// Store time when it was made: extensions count against the limit for 365 days.
    public var createdAt: Date
    /// Set by a mass extension: the request it belongs to is `requestIdentifier`.
    public var isPartOfMassExtension: Bool

    /// Apple's limits: 1 to 90 days, at most two extensions in 365 days.
    public static let maximumDays = 90
    public static let maximumPerYear = 2
    static let limitWindow: TimeInterval = 365 * 86_400

    /// Why the chain whose transaction in force is `current` cannot be extended at `now`,
    /// having had `past` extensions; nil when it can.
    static func refusal(current: LedgerTransaction, past: [RenewalExtension], at now: Date) -> Refusal? {
        if current.ownershipType == .familyShared { return .familyShared }
        guard current.revocationDate == nil, let expiration = current.expirationDate, expiration > now,
              current.offerPaymentMode != .freeTrial
        else { return .ineligible }
        let recent = past.filter { $0.effectiveDate != nil && $0.createdAt > now - limitWindow }
        return recent.count >= maximumPerYear ? .maximumReached : nil
    }
}

/// A request to extend every active subscriber of a product (Apple's Extend Subscription
/// Renewal Dates for All Active Subscribers), with its outcome once it has run over the ledger.
public struct MassRenewalExtension: Sendable, Hashable {
    /// A UUID, lower case.
    public var requestIdentifier: String
    public var productID: String
    public var extendByDays: Int
    public var reason: RenewalExtension.Reason
    /// The storefronts (ISO 3166-1 alpha-3) it is limited to; nil for all.
    public var storefrontCountryCodes: [String]?
    public var requestedAt: Date
    /// When it finished; nil while it runs.
    public var completedAt: Date?
    public var succeededCount: Int
    public var failedCount: Int

    public init(
        requestIdentifier: String, productID: String, extendByDays: Int, reason: RenewalExtension.Reason,
        storefrontCountryCodes: [String]?, requestedAt: Date
    ) {
        self.requestIdentifier = requestIdentifier
        self.productID = productID
        self.extendByDays = extendByDays
        self.reason = reason
        self.storefrontCountryCodes = storefrontCountryCodes
        self.requestedAt = requestedAt
        completedAt = nil
        succeededCount = 0
        failedCount = 0
    }

    /// The outbox key of its `RENEWAL_EXTENSION` `SUMMARY` notification, which carries no
    /// transaction: the server finds the request again from it.
    public static let summaryKeyPrefix = "renewal-extension-summary."
    public var summaryKey: String { Self.summaryKeyPrefix + requestIdentifier }
}
