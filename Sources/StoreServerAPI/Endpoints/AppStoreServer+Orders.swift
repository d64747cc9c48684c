import Foundation
import LocalStore

/// Look Up Order ID and Send Consumption Information.
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

    /// The body of Send Consumption Information v2.
    struct ConsumptionReport: Codable, Sendable, Equatable {
        let customerConsented: Bool?
        let sampleContentProvided: Bool?
        let deliveryStatus: String?
        let consumptionPercentage: Int?
        let refundPreference: String?
    }

    static let deliveryStatuses: Set<String> = [
        "DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM", "UNDELIVERED_SERVER_OUTAGE", "UNDELIVERED_OTHER",
    ]
    static let refundPreferences: Set<String> = ["DECLINE", "GRANT_FULL", "GRANT_PRORATED"]

    /// `PUT /inApps/v2/transactions/consumption/{transactionId}`: the app's account of a
    /// purchase the customer asked to refund. 202 when it is well formed and names a
    /// transaction it may; nothing in this store decides a refund by it, so it is not kept.
    func sendConsumption(_ id: String, _ request: APIRequest) async throws(APIError) -> APIResponse {
        let report = try APIJSON.decode(ConsumptionReport.self, from: request.body)
        guard report.customerConsented == true else { throw .invalidCustomerConsented }
        guard report.sampleContentProvided != nil else { throw .invalidSampleContentProvided }
        guard let delivery = report.deliveryStatus, Self.deliveryStatuses.contains(delivery) else {
            throw .invalidDeliveryStatus
        }
        if let percentage = report.consumptionPercentage, !(0...100_000).contains(percentage) { throw .generalBadRequest }
        if let preference = report.refundPreference, !Self.refundPreferences.contains(preference) { throw .generalBadRequest }
        let customer = try await customer(ofTransaction: id)
        guard let transaction = customer.transactions.first(where: { String($0.id) == id }) else {
            throw .transactionIDNotFound
        }
        guard transaction.productType != .nonRenewable else { throw .transactionTypeNotSupported }
        return APIResponse(status: 202)
    }
}
