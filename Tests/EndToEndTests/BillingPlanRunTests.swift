import Foundation
import StorefrontTestSupport
import Testing

/// `storefront run` in tmux on Almanac.storekit, whose yearly plan can be paid monthly with a
/// 12-month commitment: b chooses it in the picker, and the ledger file the run wrote holds
/// a transaction paid so, as `storefront transactions --json` reads it.
@Suite("storefront run: paying a yearly plan monthly (tmux)")
struct BillingPlanRunTests {
    static let yearly = "com.example.almanac.pro.yearly"
    static let catalog = PackagePaths.catalogs.appendingPathComponent("Almanac.storekit").path

    let folder: TemporaryDirectory
    var ledger: String { folder.url.appendingPathComponent("ledger.sqlite").path }

    init() throws {
        folder = try TemporaryDirectory()
    }

    @Test("The yearly plan, b, Enter, y: the ledger's transaction is MONTHLY, payment 1 of 12", arguments: [(80, 24), (40, 12)])
    func chooseMonthly(size: (Int, Int)) async throws {
        let tmux = try await TmuxSession(width: size.0, height: size.1, command: shellCommand([
            "env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", try StorefrontCommand.binary(), "run", "--catalog", Self.catalog, "--ledger", ledger,
        ]))
        _ = try await tmux.screen(showing: "Almanac Pro")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "Almanac Pro Yearly")
        try await tmux.press("down", "b")
        // The narrow picker abbreviates periods.
        let pane = try await tmux.screen(showing: size.0 == 80 ? "Paid monthly for 12 months, $71.88 in all" : "Paid monthly for 12 mo")
        #expect(pane.contains { $0.contains(size.0 == 80 ? "$5.99 / month" : "$5.99 / mo") })
        let snapshot = try await StorefrontCommand.snapshot(["--catalog", Self.catalog], keys: ["enter", "down", "b"], size: "\(size.0)x\(size.1)")
        #expect(pane.trimmedRight == snapshot.trimmedRight, "tmux and snapshot differ:\n\(pane.joined(separator: "\n"))\n---\n\(snapshot.joined(separator: "\n"))")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "renews")
        try await tmux.press("y")
        _ = try await tmux.screen(showing: "subscribed")
        try await tmux.press("enter", "q")

        let listed = try await StorefrontCommand.run(["transactions", "--json", "--catalog", Self.catalog, "--ledger", ledger])
        try #require(listed.status == 0, "transactions: \(listed.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        try #require(rows.count == 1)
        #expect(rows[0]["productID"] as? String == Self.yearly)
        #expect(rows[0]["billingPlanType"] as? String == "MONTHLY")
        #expect(rows[0]["price"] as? String == "5.99")
        let commitment = try #require(rows[0]["commitmentInfo"] as? [String: Any])
        #expect(commitment["billingPeriodNumber"] as? Int == 1)
        #expect(commitment["totalBillingPeriods"] as? Int == 12)
        #expect(commitment["price"] as? String == "71.88")
    }
}
