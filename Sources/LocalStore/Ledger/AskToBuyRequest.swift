import Foundation

/// A purchase waiting for a parent's approval, StoreKit's Ask to Buy.
///
/// ```swift
/// let request = try await ledger.requestAskToBuy(purchase, attemptID: UUID(), at: now)
/// let entry = try await ledger.approveAskToBuy(requestID: request.id, at: later)
/// ```
public struct AskToBuyRequest: Sendable, Hashable, Identifiable {
    public enum Status: String, Sendable, Hashable, Codable {
        case pending, approved, declined
    }

    public let id: Int64
    /// Becomes the purchase attempt ID of the transaction recorded on approval.
    public let purchaseAttemptID: UUID
    public let status: Status
    public let createdAt: Date
    /// When it was approved or declined.
    public let decidedAt: Date?
    /// The purchase as asked for; approval records it with the approval date (a
    /// subscription is bought again at approval, by the plan-change rules then).
    public let purchase: LedgerPurchase
    /// The customer who asked; approval records the purchase in this account.
    public let account: CustomerAccount

    public var productID: String { purchase.productID }
}
