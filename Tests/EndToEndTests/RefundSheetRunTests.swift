import Foundation
import StorefrontTestSupport
import Testing

/// The refund sheet in the real binary under tmux, 80x24, on both engines: the customer
/// picks a reason in Your Purchases and submits; the ledger keeps the request with that
/// reason (the command line's `refund --request` finds it asked already), and asking again
/// in the app gets StoreKit's duplicate wording.
@Suite("The refund request sheet in a running storefront")
struct RefundSheetRunTests {
    static let feeder = "com.example.backyardbirds.feeder.copper"

    @Test("Fulfillment issue, submitted: recorded with its reason; a second request is a duplicate", arguments: StoreEngine.allCases)
    func requestFromTheApp(_ engine: StoreEngine) async throws {
        let folder = try TemporaryDirectory()
        let store = try await engine.storeArguments(in: folder)
        let bought = try await StorefrontCommand.run(["buy", Self.feeder, "--json", "--account", "alice"] + store)
        try #require(bought.status == 0, "\(bought.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bought.stdout.utf8)) as? [String: Any])
        let id = try #require((json["transaction"] as? [String: Any])?["id"] as? Int)

        let words = ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", try StorefrontCommand.binary(), "run", "--latency", "0", "--account", "alice"]
        let app = try await TmuxSession(width: 80, height: 24, command: shellCommand(words + store))
        _ = try await app.screen(showing: "Backyard Birds Pass")
        try await app.press("down", "down", "down", "down", "enter")  // Your Purchases
        _ = try await app.screen(showing: "No consumables yet.")
        try await app.press("end")  // the last row: the feeder's, once the history has loaded
        _ = try await app.screen(showing: "f refund")
        try await app.press("f")
        _ = try await app.screen(showing: "Why do you want a refund?")
        try await app.press("down", "enter")  // I didn't get what I paid for
        _ = try await app.screen(showing: "Refund Requested")
        try await app.press("enter")
        _ = try await app.screen(showing: "refund requested")

        // The ledger has the app's request: asking from the command line finds it, reason and all.
        let asked = try await StorefrontCommand.run(["refund", String(id), "--request", "--account", "alice"] + store)
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout.contains("Asked (FULFILLMENT_ISSUE)"), "\(asked.stdout)")

        try await app.press("f", "enter")
        let screen = try await app.screen(showing: "Refund Not Requested")
        #expect(screen.joined(separator: "\n").contains("You've already requested a refund for this purchase."))
        try await app.press("enter", "q")
    }

    @Test("--fail refundRequest: the sheet shows StoreKit's failed wording and the ledger has no request")
    func failingRequest() async throws {
        let folder = try TemporaryDirectory()
        let store = try await StoreEngine.sqlite.storeArguments(in: folder)
        let bought = try await StorefrontCommand.run(["buy", Self.feeder, "--json", "--account", "alice"] + store)
        try #require(bought.status == 0, "\(bought.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bought.stdout.utf8)) as? [String: Any])
        let id = try #require((json["transaction"] as? [String: Any])?["id"] as? Int)
        let words = ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", try StorefrontCommand.binary(), "run", "--latency", "0",
                     "--account", "alice", "--fail", "refundRequest"]
        let app = try await TmuxSession(width: 80, height: 24, command: shellCommand(words + store))
        _ = try await app.screen(showing: "Backyard Birds Pass")
        try await app.press("down", "down", "down", "down", "enter", "end")
        _ = try await app.screen(showing: "f refund")
        try await app.press("f", "enter")
        let screen = try await app.screen(showing: "Refund Not Requested")
        #expect(screen.joined(separator: "\n").contains("The refund request couldn't be sent."))
        try await app.press("enter", "q")
        // No request to decide: the failed one recorded nothing.
        let declined = try await StorefrontCommand.run(["refund", String(id), "--decide", "decline", "--account", "alice"] + store)
        #expect(declined.status == 65, "\(declined.stdout)\(declined.stderr)")
    }
}
