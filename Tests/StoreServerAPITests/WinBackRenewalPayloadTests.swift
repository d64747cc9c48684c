import Foundation
import LocalStore
import StoreServerAPI
import Testing

/// The signed renewal info of Get All Subscription Statuses lists the win-back offers a
/// churned subscriber may redeem (`eligibleWinBackOfferIds`), and only theirs.
@Suite struct WinBackRenewalPayloadTests {
    let grove = "com.example.backyardbirds.pass.grove.monthly"

    private func renewalInfo(_ fixture: ServerFixture, _ id: Int64) async throws -> [String: Any] {
        let answer = try await fixture.call("GET", "/inApps/v1/subscriptions/\(id)")
        #expect(answer.status == 200)
        let groups = answer.json["data"] as? [[String: Any]] ?? []
        let item = try #require(groups.first.flatMap { ($0["lastTransactions"] as? [[String: Any]])?.first })
        return try ServerFixture.payload(item["signedRenewalInfo"])
    }

    @Test func aChurnedSubscribersRenewalInfoListsTheOffersAnActiveOneDoesNot() async throws {
        let fixture = try ServerFixture()
        let first = try await fixture.buy(grove)
        #expect(try await renewalInfo(fixture, first)["eligibleWinBackOfferIds"] == nil)
        try await fixture.store("alice").expireSubscription(productID: grove)
        let churned = try await renewalInfo(fixture, first)
        #expect(churned["eligibleWinBackOfferIds"] as? [String] == ["com.example.backyardbirds.pass.grove.welcomeback"])
    }
}
