import Foundation
import LocalStore
import StoreServerAPI
import Testing

/// Get All Subscription Statuses: the store's own renewal states and renewal info, as
/// Apple's statuses 1 to 5, at store time.
@Suite struct SubscriptionEndpointTests {
    let monthly = "com.example.backyardbirds.pass.sanctuary.monthly"

    func statuses(_ fixture: ServerFixture, _ id: Int64, _ query: [(name: String, value: String)] = []) async throws
        -> [(status: Int, transaction: [String: Any], renewal: [String: Any])]
    {
        let answer = try await fixture.call("GET", "/inApps/v1/subscriptions/\(id)", query: query)
        #expect(answer.status == 200)
        #expect(answer.json["bundleId"] as? String == ServerFixture.bundleID)
        let groups = answer.json["data"] as? [[String: Any]] ?? []
        return try groups.flatMap { group in
            try (group["lastTransactions"] as? [[String: Any]] ?? []).map { item in
                #expect(group["subscriptionGroupIdentifier"] as? String == "B1D5A2C7")
                return (
                    item["status"] as? Int ?? 0, try ServerFixture.payload(item["signedTransactionInfo"]),
                    try ServerFixture.payload(item["signedRenewalInfo"])
                )
            }
        }
    }

    @Test func anActiveSubscriptionRenewsOnStoreTimeAndShowsItsRenewalInfo() async throws {
        let fixture = try ServerFixture()
        let first = try await fixture.buy(monthly)
        let active = try await statuses(fixture, first)
        #expect(active.map(\.status) == [1])
        let renewal = try #require(active.first?.renewal)
        #expect(renewal["originalTransactionId"] as? String == String(first))
        #expect(renewal["autoRenewProductId"] as? String == monthly)
        #expect(renewal["autoRenewStatus"] as? Int == 1)
        #expect(renewal["environment"] as? String == "LocalTesting")
        #expect(renewal["renewalDate"] as? Int == active.first?.transaction["expiresDate"] as? Int)
        #expect((renewal["renewalPrice"] as? Int ?? 0) > 0)

        try await fixture.store("alice").advanceStoreTime(by: StoreTimeStep(value: 1, unit: .months))
        let renewed = try await statuses(fixture, first)
        #expect(renewed.map(\.status) == [1])
        let latest = try #require(renewed.first?.transaction)
        #expect(latest["transactionId"] as? String != String(first))
        #expect(latest["originalTransactionId"] as? String == String(first))
        #expect(latest["transactionReason"] as? String == "RENEWAL")
        #expect(latest["type"] as? String == "Auto-Renewable Subscription")
        #expect(renewed.first?.renewal["recentSubscriptionStartDate"] as? Int == active.first?.transaction["purchaseDate"] as? Int)
    }

    @Test func cancellingRefundingAndFilteringShowInTheStatus() async throws {
        let fixture = try ServerFixture()
        let first = try await fixture.buy(monthly)
        _ = try await fixture.buy("com.example.backyardbirds.food.nectar")
        try await fixture.store("alice").setAutoRenew(false, forTransaction: first)
        let cancelled = try await statuses(fixture, first)
        #expect(cancelled.first?.renewal["autoRenewStatus"] as? Int == 0)
        #expect(try await statuses(fixture, first, [("status", "2")]).isEmpty)
        try await fixture.store("alice").refund(transactionID: first)
        #expect(try await statuses(fixture, first).map(\.status) == [5])
        #expect(try await statuses(fixture, first, [("status", "5"), ("status", "1")]).map(\.status) == [5])
    }

    @Test func aCustomerWithoutSubscriptionsHasNoGroups() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.buy(monthly, as: "bob")
        let tip = try await fixture.buy("com.example.backyardbirds.food.nectar")
        #expect(try await statuses(fixture, tip).isEmpty)
    }
}
