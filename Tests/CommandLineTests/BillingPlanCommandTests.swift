import Foundation
import StorefrontTestSupport
import Testing

/// `buy --billing-plan`, `transactions` and `redeem` on Almanac.storekit, through the real executable.
@Suite("storefront billing plans and one-time offer codes (real processes)")
struct BillingPlanCommandTests {
    static let yearly = "com.example.almanac.pro.yearly"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await storefront(arguments)
    }

    private func storefront(_ arguments: [String]) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + [
            "--catalog", PackagePaths.catalogs.appendingPathComponent("Almanac.storekit").path, "--ledger", folder.database.path,
        ])
    }

    @Test("buy --billing-plan monthly: $5.99, payment 1 of 12; the renewals count up, visible in transactions and --json")
    func monthlyPlan() async throws {
        let bought = try await storefront("buy", Self.yearly, "--billing-plan", "monthly")
        #expect(bought.status == 0)
        #expect(bought.stdout.hasPrefix("Bought Almanac Pro Yearly (\(Self.yearly)) for $5.99 (monthly, payment 1 of 12 of a commitment until 2"))

        #expect(try await storefront("advance", "2mo").status == 0)
        let listed = try await storefront("transactions")
        #expect(listed.stdout.contains("monthly 1/12"))
        #expect(listed.stdout.contains("monthly 3/12"))
        let rows = try await storefront("transactions", "--json").array()
        #expect(rows.map { $0["billingPlanType"] as? String } == ["MONTHLY", "MONTHLY", "MONTHLY"])
        let commitments = rows.compactMap { $0["commitmentInfo"] as? [String: Any] }
        #expect(commitments.map { $0["billingPeriodNumber"] as? Int } == [1, 2, 3])
        #expect(commitments.map { $0["totalBillingPeriods"] as? Int } == [12, 12, 12])
        #expect(Set(commitments.compactMap { $0["expirationDate"] as? String }).count == 1)
        #expect(rows.map { $0["price"] as? String } == ["5.99", "5.99", "5.99"])
    }

    @Test("At twelve months the commitment renews into a new one, or, chosen with --billing-plan upfront, into a year paid at once",
          arguments: [nil, "upfront"])
    func commitmentEnd(choice: String?) async throws {
        #expect(try await storefront("buy", Self.yearly, "--billing-plan", "monthly").status == 0)
        if let choice {
            let chosen = try await storefront("buy", Self.yearly, "--billing-plan", choice, "--json")
            #expect(try chosen.object()["result"] as? String == "alreadySubscribed")
        }
        #expect(try await storefront("advance", "12mo").status == 0)
        let rows = try await storefront("transactions", "--json").array()
        #expect(rows.count == 13)
        let last = try #require(rows.last)
        if choice == nil {
            #expect(last["billingPlanType"] as? String == "MONTHLY")
            let commitment = try #require(last["commitmentInfo"] as? [String: Any])
            #expect(commitment["billingPeriodNumber"] as? Int == 1)
            let first = try #require(rows.first?["commitmentInfo"] as? [String: Any])
            #expect(commitment["expirationDate"] as? String != first["expirationDate"] as? String)
        } else {
            #expect(last["billingPlanType"] as? String == "BILLED_UPFRONT")
            #expect(last["commitmentInfo"] is NSNull)
            #expect(last["price"] as? String == "59.99")
        }
    }

    @Test("An unknown billing plan is refused in one line; a plan the product lacks names it", arguments: [
        (["buy", "com.example.almanac.pro.yearly", "--billing-plan", "weekly"], 64, "weekly"),
        (["buy", "com.example.almanac.pro.monthly", "--billing-plan", "monthly"], 65, "has no monthly billing plan"),
    ])
    func refused(arguments: [String], status: Int32, words: String) async throws {
        let refused = try await storefront(arguments)
        #expect(refused.status == status)
        #expect(refused.stderr.hasPrefix("storefront: "))
        #expect(refused.stderr.contains(words))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try await storefront("transactions", "--json").array().isEmpty)
    }

    @Test("redeem a consumable's code: the seeds at $0.99, offer type code")
    func redeemOneTime() async throws {
        let redeemed = try await storefront("redeem", "halfseeds", "--json")
        #expect(redeemed.status == 0)
        let transaction = try #require(try redeemed.object()["transaction"] as? [String: Any])
        #expect(transaction["productID"] as? String == "com.example.almanac.seeds")
        #expect(transaction["offerType"] as? String == "code")
        #expect(transaction["offerID"] as? String == "HALFSEEDS")
        #expect(transaction["price"] as? String == "0.99")
    }
}

/// Apple's App Store Server Library reads the payloads of a commitment and of a one-time offer code.
@Suite struct BillingPlanAppleClientTests {
    @Test func applesLibraryReadsCommitmentsAndOneTimeCodes() async throws {
        let output = try await AppleClientScript.run("billing_plan_check.py")
        #expect(output.stdout.contains("ok: commitmentInfo.billingPeriodNumber counts the payments"))
        #expect(output.stdout.contains("ok: the commitment renews into a new one"))
    }
}
