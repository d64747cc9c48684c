import Foundation

extension Transaction {
    /// How a refund request ended for the customer, StoreKit's `Transaction.RefundRequestStatus`.
    public enum RefundRequestStatus: Sendable, Hashable {
        /// The request was sent to the store; it decides later (a refund reaches `updates`).
        case success
        /// The customer closed the refund sheet without sending anything.
        case userCancelled
    }

    /// Why a refund request could not be sent, StoreKit's `Transaction.RefundRequestError`.
    public enum RefundRequestError: Error, Sendable, Hashable {
        /// The customer already asked for a refund of this transaction.
        case duplicateRequest
        /// The store refused the request: the transaction is unknown, refunded, shared by a
        /// family member, or does not verify.
        case failed
    }

    /// Why the customer asks for a refund: the reasons of the App Store's refund sheet, as
    /// Apple's `consumptionRequestReason` names them for the app's server.
    public enum RefundRequestReason: String, Sendable, Hashable, CaseIterable, Codable {
        case unintendedPurchase = "UNINTENDED_PURCHASE"
        case fulfillmentIssue = "FULFILLMENT_ISSUE"
        case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
        case legal = "LEGAL"
        case other = "OTHER"
    }

    /// Whether the customer may ask for a refund of this transaction: one they bought
    /// themselves (a family member's share is refunded through its purchaser) that was not
    /// refunded or revoked already.
    public var isRefundable: Bool {
        ownershipType == .purchased && revocationDate == nil
    }
}

extension StoreBackend {
    /// A backend with no refund requests refuses one.
    public func requestRefund(transactionID: Transaction.ID, reason: Transaction.RefundRequestReason) async throws {
        throw Transaction.RefundRequestError.failed
    }

    /// A backend with no refund requests has none.
    public func refundRequestedTransactionIDs() async throws -> Set<Transaction.ID> { [] }
}

extension Storefront {
    /// Asks the store for a refund of `transactionID` for `reason`, as the customer does on
    /// StoreKit's refund sheet (`Transaction.beginRefundRequest(in:)`): `.success` once the
    /// store has the request; the refund itself, if granted, arrives later on `updates`.
    /// Throws `Transaction.RefundRequestError`: `.duplicateRequest` when the customer asked
    /// before, `.failed` when the store refuses. A sheet the customer closes sends nothing
    /// and ends `.userCancelled` without calling this.
    ///
    /// ```swift
    /// let status = try await storefront.beginRefundRequest(for: 7, reason: .unintendedPurchase)
    /// // .success; asking again throws Transaction.RefundRequestError.duplicateRequest
    /// ```
    public func beginRefundRequest(
        for transactionID: Transaction.ID, reason: Transaction.RefundRequestReason
    ) async throws -> Transaction.RefundRequestStatus {
        do {
            try await backend.requestRefund(transactionID: transactionID, reason: reason)
        } catch let error as Transaction.RefundRequestError {
            throw error
        } catch {
            throw Transaction.RefundRequestError.failed
        }
        return .success
    }

    /// The transactions the customer has asked a refund of that wait for the App Store's
    /// decision: what a purchase history marks "refund requested" (a decided one shows as
    /// refunded, or as bought again when declined).
    ///
    /// ```swift
    /// let asked = try await storefront.refundRequestedTransactionIDs()
    /// asked.contains(7)  // true after beginRefundRequest(for: 7, …)
    /// ```
    public func refundRequestedTransactionIDs() async throws -> Set<Transaction.ID> {
        try await backend.refundRequestedTransactionIDs()
    }
}
