import Foundation
import LocalStore

/// Send Consumption Information v2: the app's answer to a CONSUMPTION_REQUEST, checked by
/// Apple's rules and kept with the customer's refund request.
extension AppStoreServer {
    /// The body, Apple's `ConsumptionRequest`.
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

    /// `PUT /inApps/v2/transactions/consumption/{transactionId}`: 202 when it is well formed for
    /// the transaction's product; the answer is kept with a pending refund request of it (none
    /// pending: accepted all the same, and nothing changes).
    func sendConsumption(_ id: String, _ request: APIRequest) async throws(APIError) -> APIResponse {
        let report = try APIJSON.decode(ConsumptionReport.self, from: request.body)
        guard report.customerConsented == true else { throw .invalidCustomerConsented }
        guard let sampleContentProvided = report.sampleContentProvided else { throw .invalidSampleContentProvided }
        guard let delivery = report.deliveryStatus, Self.deliveryStatuses.contains(delivery) else {
            throw .invalidDeliveryStatus
        }
        if let preference = report.refundPreference, !Self.refundPreferences.contains(preference) { throw .invalidRefundPreference }
        let customer = try await customer(ofTransaction: id)
        guard let transaction = customer.transactions.first(where: { String($0.id) == id }) else {
            throw .transactionIDNotFound
        }
        try Self.check(report.consumptionPercentage, of: transaction, delivery: delivery, preference: report.refundPreference)
        let consumption = RefundRequest.Consumption(
            customerConsented: true, sampleContentProvided: sampleContentProvided, deliveryStatus: delivery,
            consumptionPercentage: report.consumptionPercentage, refundPreference: report.refundPreference
        )
        do {
            try await customer.store.ledger.recordConsumption(consumption, id: transaction.id)
        } catch {
            throw .generalInternalRetryable
        }
        return APIResponse(status: 202)
    }

    /// Apple's rules for `consumptionPercentage` (milliunits): none for an auto-renewable
    /// subscription (the App Store works it out from the time left); 0 when the purchase was
    /// not delivered; otherwise 0...100000, and above 0 and below 100000 with GRANT_PRORATED.
    private static func check(
        _ percentage: Int?, of transaction: LedgerTransaction, delivery: String, preference: String?
    ) throws(APIError) {
        if transaction.productType == .autoRenewable {
            if percentage != nil { throw .consumptionPercentageAutoRenewableSubscription }
            return
        }
        if let percentage, !(0...100_000).contains(percentage) { throw .consumptionPercentageOutOfRange }
        if delivery != "DELIVERED", let percentage, percentage != 0 { throw .undeliveredConsumptionPercentageNonZero }
        if preference == "GRANT_PRORATED", !(1...99_999).contains(percentage ?? 0) { throw .consumptionPercentageOutOfRange }
    }
}
