import Foundation
import LocalStore
import StoreServerAPI
import Testing

/// History, info, refunds and orders: Apple's shapes, one customer's rows only, paging
/// that neither skips nor repeats, and Apple's error codes for bad input.
@Suite struct TransactionEndpointTests {
    let nectar = "com.example.backyardbirds.food.nectar"

    @Test func historyShowsOnlyTheCustomerWhoseTransactionIsNamed() async throws {
        let fixture = try ServerFixture()
        let alice = try await fixture.buy(nectar, as: "alice")
        let bobs = [try await fixture.buy(nectar, as: "bob"), try await fixture.buy("com.example.backyardbirds.feeder.copper", as: "bob")]
        let aliceAgain = try await fixture.buy("com.example.backyardbirds.food.suet", as: "alice")
        let history = try await fixture.call("GET", "/inApps/v2/history/\(alice)")
        #expect(history.status == 200)
        #expect(history.json["bundleId"] as? String == ServerFixture.bundleID)
        #expect(history.json["environment"] as? String == "LocalTesting")
        let ids = try (history.json["signedTransactions"] as? [String] ?? []).map { try ServerFixture.payload($0)["transactionId"] as? String }
        #expect(ids == [String(alice), String(aliceAgain)])
        let bobsHistory = try await fixture.call("GET", "/inApps/v2/history/\(bobs[1])")
        let bobsIDs = try (bobsHistory.json["signedTransactions"] as? [String] ?? []).map { try ServerFixture.payload($0)["transactionId"] as? String }
        #expect(bobsIDs == bobs.map(String.init))
    }

    @Test func aTransactionIsSignedInApplesShape() async throws {
        let fixture = try ServerFixture()
        let id = try await fixture.buy(nectar)
        let payload = try ServerFixture.payload(try await fixture.call("GET", "/inApps/v1/transactions/\(id)").json["signedTransactionInfo"])
        #expect(payload["transactionId"] as? String == String(id))
        #expect(payload["originalTransactionId"] as? String == String(id))
        #expect(payload["bundleId"] as? String == ServerFixture.bundleID)
        #expect(payload["productId"] as? String == nectar)
        #expect(payload["type"] as? String == "Consumable")
        #expect(payload["quantity"] as? Int == 1)
        #expect(payload["inAppOwnershipType"] as? String == "PURCHASED")
        #expect(payload["environment"] as? String == "LocalTesting")
        #expect(payload["storefront"] as? String == "USA")
        #expect(payload["storefrontId"] as? String == "143441")
        #expect(payload["transactionReason"] as? String == "PURCHASE")
        #expect(payload["currency"] as? String == "USD")
        let price = try #require(payload["price"] as? Int)
        #expect(price > 0 && price % 10 == 0, "milliunits, such as 990 for 0.99")
        let purchased = try #require(payload["purchaseDate"] as? Int)
        #expect(abs(Double(purchased) / 1000 - Date().timeIntervalSince1970) < 600, "milliseconds since 1970")
    }

    /// Every page of `id`'s history with `query`, following the revision (five pages at most):
    /// the transaction IDs seen, each page's size and `hasMore`, and the last revision.
    private static func walk(
        _ fixture: ServerFixture, _ id: Int64, _ query: [(name: String, value: String)] = []
    ) async throws -> (seen: [String], pages: [(count: Int, hasMore: Bool)], revision: String?) {
        var seen: [String] = []
        var revision: String?
        var pages: [(count: Int, hasMore: Bool)] = []
        repeat {
            let page = try await fixture.call("GET", "/inApps/v2/history/\(id)", query: query + (revision.map { [("revision", $0)] } ?? []))
            #expect(page.status == 200)
            let signed = page.json["signedTransactions"] as? [String] ?? []
            seen += try signed.map { try ServerFixture.payload($0)["transactionId"] as? String ?? "" }
            revision = page.json["revision"] as? String
            pages.append((signed.count, page.json["hasMore"] as? Bool ?? false))
        } while pages.last?.hasMore == true && pages.count < 5
        return (seen, pages, revision)
    }

    @Test func historyPagesTwentyAtATimeAndTheRevisionCarriesOnWithChanges() async throws {
        let fixture = try ServerFixture()
        var bought: [Int64] = []
        for _ in 0..<45 { bought.append(try await fixture.buy(nectar)) }
        let (seen, pages, revision) = try await Self.walk(fixture, bought[0])
        #expect(pages.map(\.count) == [20, 20, 5])
        #expect(pages.map(\.hasMore) == [true, true, false])
        #expect(seen == bought.map(String.init))
        // A refund re-signs a transaction: asked again with the last revision, only it comes back.
        try await fixture.store("alice").refund(transactionID: bought[3])
        let changes = try await fixture.call("GET", "/inApps/v2/history/\(bought[0])", query: [("revision", try #require(revision))])
        let changed = try (changes.json["signedTransactions"] as? [String] ?? []).map(ServerFixture.payload)
        #expect(changed.map { $0["transactionId"] as? String } == [String(bought[3])])
        #expect(changed.first?["revocationDate"] is Int)
    }

    @Test func historyPagesNewestFirstWithAFilterAcrossPages() async throws {
        let fixture = try ServerFixture()
        var nectars: [Int64] = []
        for index in 0..<50 {
            // Every third purchase is another product, which the filter leaves out of every page.
            if index % 3 == 2 { _ = try await fixture.buy("com.example.backyardbirds.feeder.copper") }
            nectars.append(try await fixture.buy(nectar))
        }
        let (seen, pages, _) = try await Self.walk(fixture, nectars[0], [("sort", "DESCENDING"), ("productId", nectar)])
        #expect(pages.map(\.count) == [20, 20, 10])
        #expect(pages.map(\.hasMore) == [true, true, false])
        #expect(seen == nectars.reversed().map(String.init))
    }

    @Test func historyFiltersAndSorts() async throws {
        let fixture = try ServerFixture()
        let food = try await fixture.buy(nectar)
        let feeder = try await fixture.buy("com.example.backyardbirds.feeder.copper")
        let suet = try await fixture.buy("com.example.backyardbirds.food.suet")
        try await fixture.store("alice").refund(transactionID: suet)
        func ids(_ query: [(name: String, value: String)]) async throws -> [String] {
            let answer = try await fixture.call("GET", "/inApps/v2/history/\(food)", query: query)
            #expect(answer.status == 200, "\(query)")
            return try (answer.json["signedTransactions"] as? [String] ?? []).map { try ServerFixture.payload($0)["transactionId"] as? String ?? "" }
        }
        #expect(try await ids([("productId", nectar), ("productId", "com.example.backyardbirds.food.suet")]) == [String(food), String(suet)])
        #expect(try await ids([("productType", "NON_CONSUMABLE")]) == [String(feeder)])
        #expect(try await ids([("revoked", "True")]) == [String(suet)])
        #expect(try await ids([("revoked", "false"), ("sort", "DESCENDING")]) == [String(feeder), String(food)])
        #expect(try await ids([("inAppOwnershipType", "FAMILY_SHARED")]) == [])
        #expect(try await ids([("startDate", "0"), ("endDate", "1000")]) == [])
    }

    @Test(arguments: [
        ("/inApps/v2/history/abc", [], 400, 4_000_006),
        ("/inApps/v2/history/-5", [], 400, 4_000_006),
        ("/inApps/v2/history/0", [], 400, 4_000_006),
        ("/inApps/v2/history/99999999999999999999999", [], 400, 4_000_006),
        ("/inApps/v2/history/987654321", [], 404, 4_040_010),
        ("/inApps/v1/transactions/987654321", [], 404, 4_040_010),
        ("/inApps/v2/refund/lookup/x1", [], 400, 4_000_006),
        ("/inApps/v2/history/{id}", [("revision", "not-a-revision")], 400, 4_000_005),
        ("/inApps/v2/history/{id}", [("revision", "LTE1LjM")], 400, 4_000_005),
        ("/inApps/v2/history/{id}", [("productType", "SUBSCRIPTION")], 400, 4_000_022),
        ("/inApps/v2/history/{id}", [("sort", "UP")], 400, 4_000_021),
        ("/inApps/v2/history/{id}", [("startDate", "-1")], 400, 4_000_015),
        ("/inApps/v2/history/{id}", [("endDate", "99999999999999999999")], 400, 4_000_016),
        ("/inApps/v2/history/{id}", [("startDate", "2000"), ("endDate", "1000")], 400, 4_000_013),
        ("/inApps/v2/history/{id}", [("revoked", "maybe")], 400, 4_000_030),
        ("/inApps/v2/history/{id}", [("inAppOwnershipType", "STOLEN")], 400, 4_000_026),
        ("/inApps/v2/history/{id}", [("productId", "")], 400, 4_000_023),
        ("/inApps/v2/history/{id}", [("subscriptionGroupIdentifier", "")], 400, 4_000_024),
        ("/inApps/v1/subscriptions/{id}", [("status", "9")], 400, 4_000_031),
        ("/inApps/v1/subscriptions/{id}", [("status", "active")], 400, 4_000_031),
    ] as [(String, [(name: String, value: String)], Int, Int)])
    func badInputGetsApplesErrorCode(_ path: String, _ query: [(name: String, value: String)], _ status: Int, _ code: Int) async throws {
        let fixture = try ServerFixture()
        let id = try await fixture.buy(nectar)
        let answer = try await fixture.call("GET", path.replacingOccurrences(of: "{id}", with: String(id)), query: query)
        #expect(answer.status == status, "\(path) \(query)")
        #expect(answer.json["errorCode"] as? Int == code, "\(path) \(query)")
        #expect(answer.json["signedTransactions"] == nil)
    }

    @Test func refundHistoryListsRefundedTransactionsInRefundOrder() async throws {
        let fixture = try ServerFixture()
        let first = try await fixture.buy(nectar)
        let second = try await fixture.buy("com.example.backyardbirds.food.suet")
        _ = try await fixture.buy(nectar, as: "bob")
        let none = try await fixture.call("GET", "/inApps/v2/refund/lookup/\(first)")
        #expect(none.json["signedTransactions"] as? [String] == [])
        try await fixture.store("alice").refund(transactionID: second)
        try await fixture.store("alice").refund(transactionID: first, reason: .developerIssue)
        let refunds = try await fixture.call("GET", "/inApps/v2/refund/lookup/\(first)")
        #expect(refunds.status == 200)
        let payloads = try (refunds.json["signedTransactions"] as? [String] ?? []).map(ServerFixture.payload)
        #expect(payloads.map { $0["transactionId"] as? String } == [String(second), String(first)])
        #expect(payloads.map { $0["revocationReason"] as? Int } == [0, 1])
        #expect(refunds.json["hasMore"] as? Bool == false)
    }

    @Test func anOrderIsAPurchaseAttempt() async throws {
        let fixture = try ServerFixture()
        let id = try await fixture.buy(nectar)
        let entry = try #require(try await fixture.store("alice").ledger.transaction(id: id))
        let found = try await fixture.call("GET", "/inApps/v1/lookup/\(entry.purchaseAttemptID.uuidString)")
        #expect(found.status == 200)
        #expect(found.json["status"] as? Int == 0)
        let payloads = try (found.json["signedTransactions"] as? [String] ?? []).map(ServerFixture.payload)
        #expect(payloads.map { $0["transactionId"] as? String } == [String(id)])
        for unknown in [UUID().uuidString, "MK5TTTVWJH", "%00"] {
            let missing = try await fixture.call("GET", "/inApps/v1/lookup/\(unknown)")
            #expect(missing.status == 200)
            #expect(missing.json["status"] as? Int == 1)
            #expect(missing.json["signedTransactions"] as? [String] == [])
        }
    }

    @Test func consumptionInformationIsCheckedThenAccepted() async throws {
        let fixture = try ServerFixture()
        let id = try await fixture.buy(nectar)
        let path = "/inApps/v2/transactions/consumption/\(id)"
        let good = #"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED","consumptionPercentage":50000,"refundPreference":"DECLINE"}"#
        #expect(try await fixture.call("PUT", path, body: good).status == 202)
        let refused: [(String, Int)] = [
            ("{not json", 4_000_000),
            (#"{"customerConsented":false,"sampleContentProvided":false,"deliveryStatus":"DELIVERED"}"#, 4_000_035),
            (#"{"customerConsented":true,"deliveryStatus":"DELIVERED"}"#, 4_000_041),
            (#"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"LOST"}"#, 4_000_036),
            (#"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"DELIVERED","consumptionPercentage":-1}"#, 4_000_000),
            (#"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"DELIVERED","refundPreference":"MAYBE"}"#, 4_000_044),
        ]
        for (body, code) in refused {
            let answer = try await fixture.call("PUT", path, body: body)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.json["errorCode"] as? Int == code, "\(body)")
        }
        #expect(try await fixture.call("PUT", "/inApps/v2/transactions/consumption/424242", body: good).json["errorCode"] as? Int == 4_040_010)
    }

    @Test func unknownPathsAndMethodsAreNotFound() async throws {
        let fixture = try ServerFixture()
        let id = try await fixture.buy(nectar)
        #expect(try await fixture.call("GET", "/inApps/v9/history/\(id)").status == 404)
        #expect(try await fixture.call("DELETE", "/inApps/v1/transactions/\(id)").status == 404)
        #expect(try await fixture.call("GET", "/").status == 404)
    }
}
