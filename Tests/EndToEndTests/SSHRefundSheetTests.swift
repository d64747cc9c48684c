import Foundation
import StorefrontTestSupport
import Testing

/// The refund sheet is the customer's, unlike the operator's controls: over `serve --ssh` on
/// a PostgreSQL store, a session asks for a refund of its own tip, and the server's store
/// keeps the request with the reason chosen.
@Suite("The refund request sheet over ssh (OpenSSH, tmux, the test cluster)")
struct SSHRefundSheetTests {
    @Test("A tip bought over ssh, then a refund asked for it there: the request is a row in PostgreSQL")
    func refundRequestOverSSH() async throws {
        let scratch = try TemporaryDirectory()
        let data = scratch.url.appendingPathComponent("data")
        let store = try await PostgresCluster.database()
        let migrated = try await StorefrontCommand.run(["store", "migrate", "--store", store], environment: ["XDG_DATA_HOME": data.path])
        try #require(migrated.status == 0, "\(migrated.stderr)")
        let shop = try await SSHShop(["--catalog", "tipjar"], folder: scratch.url, environment: ["STOREFRONT_STORE": store])
        let key = try await shop.makeKey("ada")
        let session = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        try await session.buyFirstTip()
        try await session.press("enter", "esc", "end", "enter")  // the thank-you closed, back, Your Purchases
        // The history draws after its heading; `end` must find the tip's row there.
        _ = try await session.screen(
            where: { lines in lines.drop { !$0.contains("History") }.dropFirst().contains { $0.contains("Tip") } },
            described: "Your Purchases with the tip in its history"
        )
        try await session.press("end")
        _ = try await session.screen(showing: "f refund")
        try await session.press("f", "down", "down", "enter")  // It isn't what I expected
        _ = try await session.screen(showing: "Refund Requested")
        let reasons = try await PostgresCluster.sql("SELECT reason FROM refundRequests", in: store)
        #expect(reasons.trimmingCharacters(in: .whitespacesAndNewlines) == "UNSATISFIED_WITH_PURCHASE")
    }
}
