import Foundation
import StorefrontTestSupport
import Testing

/// `storefront redeem` by a subscriber, through the real executable: an offer code for a lower
/// plan waits for the next renewal (the sentence and --json say when), `entitlements` shows
/// it, `advance` renews into it, and it applies once.
@Suite("storefront redeem: an offer for the next renewal (real processes)")
struct OfferAtRenewalCommandTests {
    static let sanctuary = "com.example.backyardbirds.pass.sanctuary.monthly"
    static let grove = "com.example.backyardbirds.pass.grove.monthly"

    let folder: TemporaryDirectory
    let catalog: URL

    /// BackyardBirds with GROVEFRIEND, an offer code for existing subscribers: Grove Monthly
    /// at $1.99 for three months.
    init() throws {
        folder = try TemporaryDirectory()
        let data = try Data(contentsOf: PackagePaths.catalog("BackyardBirds"))
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var groups = try #require(json["subscriptionGroups"] as? [[String: Any]])
        var plans = try #require(groups[0]["subscriptions"] as? [[String: Any]])
        let index = try #require(plans.firstIndex { $0["productID"] as? String == Self.grove })
        plans[index]["codeOffers"] = [[
            "eligibility": ["existing"], "internalID": "5B00F00D", "isStackable": false, "numberOfPeriods": 3,
            "paymentMode": "payAsYouGo", "displayPrice": "1.99", "referenceName": "GROVEFRIEND", "subscriptionPeriod": "P1M",
        ] as [String: Any]]
        groups[0]["subscriptions"] = plans
        json["subscriptionGroups"] = groups
        catalog = folder.url.appendingPathComponent("BackyardBirds.storekit")
        try JSONSerialization.data(withJSONObject: json).write(to: catalog)
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--catalog", catalog.path, "--ledger", folder.database.path])
    }

    @Test("A Sanctuary subscriber's Grove code: applies from the next renewal date; advance renews into Grove at $1.99, three times")
    func offerCodeForALowerPlan() async throws {
        let bought = try await storefront("buy", Self.sanctuary, "--account", "alice", "--json")
        let plan = try #require(try bought.object()["transaction"] as? [String: Any])
        let renewalDate = try #require(plan["expirationDate"] as? String)

        let said = try await storefront("redeem", "grovefriend", "--account", "alice")
        #expect(said.status == 0, "\(said.stderr)")
        #expect(said.stdout.hasPrefix("Offer code GROVEFRIEND applies from your next renewal date, \(renewalDate.prefix(19))"), "\(said.stdout)")
        #expect(said.stdout.contains("Grove Monthly (\(Self.grove)), $1.99 each P1M × 3; until then Sanctuary Monthly stays: transaction \(plan["id"] ?? "")"))

        let owned = try await storefront("entitlements", "--account", "alice")
        #expect(owned.stdout.contains("renews as \(Self.grove), offer GROVEFRIEND from the next renewal"), "\(owned.stdout)")
        let again = try await storefront("redeem", "GROVEFRIEND", "--account", "alice")
        #expect(again.status == 1 && again.stderr.contains("already been redeemed"), "\(again.stderr)")

        let renewed = try await storefront("advance", "4mo", "--account", "alice", "--json")
        let renewals = try #require(try renewed.object()["renewals"] as? [[String: Any]])
        #expect(renewals.map { $0["productID"] as? String } == Array(repeating: Self.grove, count: 4))
        #expect(renewals.map { $0["offerID"] as? String } == ["GROVEFRIEND", "GROVEFRIEND", "GROVEFRIEND", nil])
        #expect(renewals.map { $0["price"] as? String } == ["1.99", "1.99", "1.99", "5.99"])
        #expect(renewals.first?["purchaseDate"] as? String == renewalDate, "from the next renewal date")
    }

    @Test("redeem --json: result scheduled, the renewal date, the plan it renews into and the offer; the plan in force")
    func json() async throws {
        let bought = try await storefront("buy", Self.sanctuary, "--account", "bob", "--json")
        let plan = try #require(try bought.object()["transaction"] as? [String: Any])
        let redeemed = try await storefront("redeem", "GROVEFRIEND", "--account", "bob", "--json")
        let answer = try redeemed.object()
        #expect(answer["result"] as? String == "scheduled")
        #expect(answer["renewalDate"] as? String == plan["expirationDate"] as? String)
        #expect(answer["autoRenewPreference"] as? String == Self.grove)
        let offer = try #require(answer["offer"] as? [String: Any])
        #expect(offer["offerType"] as? String == "code" && offer["offerID"] as? String == "GROVEFRIEND")
        #expect(offer["offerDiscountType"] as? String == "PAY_AS_YOU_GO" && offer["offerPeriod"] as? String == "P3M")
        #expect(offer["price"] as? String == "1.99")
        #expect((answer["transaction"] as? [String: Any])?["id"] as? Int == plan["id"] as? Int, "the plan in force, unchanged")
        let group = try #require((try await storefront("entitlements", "--account", "bob", "--json").object()["subscriptions"] as? [[String: Any]])?.first)
        #expect(group["offerType"] as? String == "code" && group["offerIdentifier"] as? String == "GROVEFRIEND")
        #expect(group["renewalPrice"] as? String == "1.99" && group["autoRenewPreference"] as? String == Self.grove)
    }
}
