import Foundation
import LocalStore

/// Look Up Order ID.
extension AppStoreServer {
    struct OrderLookupResponse: Encodable {
        /// 0 valid, 1 invalid.
        let status: Int
        let signedTransactions: [String]
    }

    /// `GET /inApps/v1/lookup/{orderId}`: an order is a purchase attempt; its ID is the
    /// attempt's UUID, as the customer's receipt would show it. An unknown order is status 1.
    func lookUpOrder(_ orderID: String) async throws(APIError) -> APIResponse {
        let invalid = APIResponse.ok(OrderLookupResponse(status: 1, signedTransactions: []))
        guard let attempt = UUID(uuidString: orderID) else { return invalid }
        let owner: CustomerAccount?
        do {
            owner = try await settings.ledger.owner(ofPurchaseAttempt: attempt)
        } catch {
            throw .generalInternalRetryable
        }
        guard let owner else { return invalid }
        let customer = try await customer(owner)
        let entries: [LedgerEntry]
        do {
            entries = try await customer.store.ledger.transactions()
        } catch {
            throw .generalInternalRetryable
        }
        let ordered = entries.filter { $0.isVerified && $0.purchaseAttemptID == attempt }.map(\.transaction)
        guard !ordered.isEmpty else { return invalid }
        return .ok(OrderLookupResponse(status: 0, signedTransactions: try signed(ordered)))
    }
}
