import Foundation
import LocalStore
import StoreServerAPI
import Testing

/// Send Consumption Information v2 beside a refund request: Apple's rules for each product
/// type, and the answer kept with the customer's pending request.
@Suite("Send Consumption Information v2 and refund requests")
struct ConsumptionEndpointTests {
    let feeder = "com.example.backyardbirds.feeder.copper"
    let pass = "com.example.backyardbirds.pass.grove.monthly"

    @Test func theAnswerIsKeptWithThePendingRequest() async throws {
        let fixture = try ServerFixture()
        let id = try await fixture.buy(feeder)
        let answer = #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"DELIVERED","consumptionPercentage":30000,"refundPreference":"GRANT_PRORATED"}"#
        #expect(try await fixture.call("PUT", "/inApps/v2/transactions/consumption/\(id)", body: answer).status == 202)
        #expect(try await fixture.store("alice").ledger.refundRequest(id: id) == nil, "no request: accepted, nothing kept")

        try await fixture.store("alice").requestRefund(transactionID: id, reason: .legal)
        #expect(try await fixture.call("PUT", "/inApps/v2/transactions/consumption/\(id)", body: answer).status == 202)
        let kept = try #require(try await fixture.store("alice").ledger.refundRequest(id: id)?.consumption)
        #expect(kept == RefundRequest.Consumption(
            customerConsented: true, sampleContentProvided: true, deliveryStatus: "DELIVERED",
            consumptionPercentage: 30000, refundPreference: "GRANT_PRORATED"
        ))
    }

    @Test func applesRulesForThePercentage() async throws {
        let fixture = try ServerFixture()
        let bought = try await fixture.buy(feeder), subscribed = try await fixture.buy(pass)
        let refused: [(Int64, String, Int)] = [
            (subscribed, #""deliveryStatus":"DELIVERED","consumptionPercentage":10000"#, 4_000_209),
            (bought, #""deliveryStatus":"DELIVERED","consumptionPercentage":100001"#, 4_000_000),
            (bought, #""deliveryStatus":"UNDELIVERED_OTHER","consumptionPercentage":1"#, 4_000_000),
            (bought, #""deliveryStatus":"DELIVERED","refundPreference":"GRANT_PRORATED","consumptionPercentage":100000"#, 4_000_000),
            (bought, #""deliveryStatus":"DELIVERED","refundPreference":"LATER""#, 4_000_044),
        ]
        for (id, fields, code) in refused {
            let body = #"{"customerConsented":true,"sampleContentProvided":false,"# + fields + "}"
            let answer = try await fixture.call("PUT", "/inApps/v2/transactions/consumption/\(id)", body: body)
            #expect(answer.status == 400, "\(fields)")
            #expect(answer.json["errorCode"] as? Int == code, "\(fields)")
        }
        let accepted = [
            (subscribed, #""deliveryStatus":"DELIVERED","refundPreference":"GRANT_PRORATED""#),
            (bought, #""deliveryStatus":"UNDELIVERED_OTHER","consumptionPercentage":0"#),
        ]
        for (id, fields) in accepted {
            let body = #"{"customerConsented":true,"sampleContentProvided":false,"# + fields + "}"
            #expect(try await fixture.call("PUT", "/inApps/v2/transactions/consumption/\(id)", body: body).status == 202, "\(fields)")
        }
    }
}
