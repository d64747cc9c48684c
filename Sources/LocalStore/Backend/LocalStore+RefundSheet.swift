import Foundation
import StorefrontModel

/// The customer's own refund request, from the app's refund sheet (StoreKit's
/// `beginRefundRequest`): the same ledger request as `requestRefund(transactionID:reason:)`,
/// with StoreKit's errors, so the app's server gets CONSUMPTION_REQUEST with the reason.
///
/// ```swift
/// try await store.requestRefund(transactionID: 7 as Transaction.ID, reason: .fulfillmentIssue)
/// try await store.requestRefund(transactionID: 7 as Transaction.ID, reason: .other)
/// // throws Transaction.RefundRequestError.duplicateRequest
/// ```
extension LocalStore {
    public func requestRefund(transactionID: Transaction.ID, reason: Transaction.RefundRequestReason) async throws {
        do { try await begin(.refundRequest) } catch { throw Transaction.RefundRequestError.failed }
        let id = Int64(clamping: transactionID)
        // A family member's share is refunded through its purchaser, never asked for here.
        guard let entry = try await ledger.transaction(id: id), entry.transaction.ownershipType == .purchased,
              let ledgerReason = RefundRequest.Reason(rawValue: reason.rawValue)
        else { throw Transaction.RefundRequestError.failed }
        let asked: (request: RefundRequest, isNew: Bool)
        do {
            asked = try await ledger.askForRefund(id: id, reason: ledgerReason, at: try await storeNow())
        } catch {
            // A request already decided is refused by the ledger: to the customer it is a
            // second request all the same.
            if (try? await ledger.refundRequest(id: id)) != nil { throw Transaction.RefundRequestError.duplicateRequest }
            throw Transaction.RefundRequestError.failed
        }
        guard asked.isNew else { throw Transaction.RefundRequestError.duplicateRequest }
    }

    public func refundRequestedTransactionIDs() async throws -> Set<Transaction.ID> {
        Set(try await ledger.refundRequestedIDs().map { Transaction.ID(clamping: $0) })
    }
}
