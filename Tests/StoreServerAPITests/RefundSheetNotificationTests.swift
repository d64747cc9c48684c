import Foundation
import LocalStore
import StoreServerAPI
import StorefrontModel
import Testing

/// The app's refund request (`Storefront.beginRefundRequest`, what the refund sheet sends)
/// as the app's server reads it: CONSUMPTION_REQUEST with the customer's reason.
@Suite("The app's refund request, as the server is told")
struct RefundSheetNotificationTests {
    @Test func consumptionRequestCarriesTheReasonChosenInTheApp() async throws {
        let fixture = try ServerFixture()
        let id = try await fixture.buy("com.example.backyardbirds.feeder.copper")
        let storefront = Storefront(backend: try fixture.store("alice"))
        #expect(try await storefront.beginRefundRequest(for: Transaction.ID(id), reason: .legal) == .success)

        let now = Int(Date().timeIntervalSince1970 * 1000)
        let answer = try await fixture.call(
            "POST", "/inApps/v1/notifications/history",
            body: #"{"startDate":\#(now - 3_600_000),"endDate":\#(now + 60_000),"notificationType":"CONSUMPTION_REQUEST"}"#
        )
        #expect(answer.status == 200)
        let history = answer.json["notificationHistory"] as? [[String: Any]] ?? []
        #expect(history.count == 1)
        let payload = try ServerFixture.payload(history.first?["signedPayload"])
        let data = try #require(payload["data"] as? [String: Any])
        #expect(data["consumptionRequestReason"] as? String == "LEGAL")
        let transaction = try ServerFixture.payload(data["signedTransactionInfo"])
        #expect(transaction["transactionId"] as? String == String(id))
    }
}
