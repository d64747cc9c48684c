import Foundation
import StorefrontTestSupport
import Testing

/// A family member's `storefront run` in tmux while the family changes around it: what
/// another member bought appears in its Your Purchases, marked shared, and goes when the
/// family stops sharing it, with no restart (the watcher's look on SQLite, the change feed
/// on PostgreSQL).
@Suite("Family Sharing in a member's running storefront")
struct FamilySharingRunTests {
    static let feeder = "com.example.backyardbirds.feeder.copper"
    /// The watcher looks every second on SQLite; tmux's captures come slowly on a loaded machine.
    static let arrival: Duration = .seconds(15)

    @Test("The share appears marked Shared by your family, and goes when its purchaser leaves", arguments: StoreEngine.allCases)
    func shareAppearsAndGoes(_ engine: StoreEngine) async throws {
        let folder = try TemporaryDirectory()
        let store = try await engine.storeArguments(in: folder)
        func storefront(_ arguments: String...) async throws {
            let done = try await StorefrontCommand.run(arguments + store)
            try #require(done.status == 0, "storefront \(arguments.joined(separator: " ")): \(done.stderr)")
        }
        try await storefront("family", "join", "bob", "alice")

        let words = ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", try StorefrontCommand.binary(), "run", "--latency", "0", "--account", "bob"]
        let bob = try await TmuxSession(width: 80, height: 24, command: shellCommand(words + store))
        _ = try await bob.screen(showing: "Backyard Birds Pass")
        try await bob.press("down", "down", "down", "down", "enter")  // past the four shops: Your Purchases
        _ = try await bob.screen(showing: "No purchases yet.")

        try await storefront("buy", Self.feeder, "--account", "alice")
        try await bob.waitForRow("Copper Tube Feeder", toShow: "Shared by your family", within: Self.arrival)

        try await storefront("family", "leave", "alice")  // the organizer stops Family Sharing
        let revoked = try await bob.screen(showing: "no longer shared")
        let entitled = revoked.filter { $0.contains("Copper Tube Feeder") && $0.contains("Shared by your family") }
        #expect(entitled.isEmpty, "the feeder still entitles:\n\(revoked.joined(separator: "\n"))")
    }
}
