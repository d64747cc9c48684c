import Foundation
import StorefrontTestSupport
import Testing

/// A running `storefront run` on a primary and its synchronous standby, named as libpq
/// names several hosts. The app's pool to the primary is in use (its change feed, its
/// watcher) when the primary dies; a purchase asked then waits, and completes once the
/// standby is promoted. It failed before, four times in five: another transaction found the
/// new primary and shut the old pool down, and the purchase waiting on it read
/// postgres-nio's poolShutdown as a failed write ("Purchase failed: cannot write …").
@Suite("storefront run across a failover (tmux, a primary and its standby)")
struct PostgresFailoverRunTests {
    /// How long no host takes writes while the purchase waits.
    static let leaderless: Duration = .seconds(2)

    @Test("A purchase asked while the primary is dead completes once the standby is promoted, and is recorded once")
    func purchaseAcrossFailover() async throws {
        try await PostgresServer.withStandby { primary, standby in
            let folder = try TemporaryDirectory()
            let url = PostgresServer.url([primary, standby])
            let store = ["--store", url, "--store-key", folder.url.appendingPathComponent("store-key.pem").path]
            let migrated = try await StorefrontCommand.run(["store", "migrate", "--store", url])
            try #require(migrated.status == 0, "\(migrated.stderr)")
            let words = ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", try StorefrontCommand.binary(), "run", "--latency", "0"]
            let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(words + store))
            _ = try await tmux.screen(showing: "Backyard Birds Pass")
            try await tmux.press("down", "down", "enter")
            _ = try await tmux.screen(showing: "Heated Birdbath")

            try await primary.kill()
            try await tmux.press("down", "enter")
            _ = try await tmux.screen(showing: "Confirm Purchase")
            try await tmux.press("y")
            try await Task.sleep(for: Self.leaderless)
            try await standby.promote()
            _ = try await tmux.screen(showing: "Purchase complete", timeout: .seconds(45))

            let listed = try await StorefrontCommand.run(["transactions", "--json"] + store)
            try #require(listed.status == 0, "\(listed.stderr)")
            let bought = try listed.array().filter { $0["productID"] as? String == "com.example.backyardbirds.birdbath.heated" }
            #expect(bought.count == 1, "the birdbath is in the ledger \(bought.count) times")
        }
    }
}
