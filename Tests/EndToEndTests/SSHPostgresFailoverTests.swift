import Foundation
import StorefrontTestSupport
import Testing

/// One shop on two machines, as README's "Running a shop on several machines" sets it up:
/// two `serve --ssh` front ends (two ports standing in for two hosts) sharing one host key,
/// one store key and one PostgreSQL store, a primary with a synchronous standby. A customer
/// in a session of each sees what they bought in the other within a second, before and
/// after the primary dies and the standby is promoted. Three servers, two SSH servers and
/// two tmux sessions: it runs in `make check` (RELIABILITY=1).
@Suite("Two storefront serve --ssh on one PostgreSQL store, across a failover (OpenSSH, tmux, a primary and its standby)", .reliabilityRun)
struct SSHPostgresFailoverTests {
    /// The figure; the change feed itself takes milliseconds (change_feed_ms in BENCHMARKS.md).
    static let arrival: Duration = .seconds(1)
    /// How long no host takes writes while the purchase waits.
    static let leaderless: Duration = .seconds(2)

    @Test("A purchase through one front end shows in the other's session within a second, before and across a failover")
    func twoFrontEnds() async throws {
        try await PostgresServer.withStandby { primary, standby in
            let scratch = try TemporaryDirectory()
            let environment: [String: String?] = ["STOREFRONT_STORE": PostgresServer.url([primary, standby])]
            let migrated = try await StorefrontCommand.run(
                ["store", "migrate"], environment: environment.merging(["XDG_DATA_HOME": scratch.url.appendingPathComponent("data").path]) { $1 }
            )
            try #require(migrated.status == 0, "\(migrated.stderr)")
            // One folder: one host key and one store key, as every front end of a shop has.
            let east = try await SSHShop([], folder: scratch.url, environment: environment)
            let west = try await SSHShop([], folder: scratch.url, environment: environment)
            let key = try await east.makeKey("ada")
            // One name for both: ssh refuses a known name whose key changed, so the second
            // front end is let in only with the first one's host key.
            let alias = ["-o", "HostKeyAlias=shop.example"]
            let here = try await Self.open(try east.ssh(key: key, options: alias))
            let there = try await Self.open(try west.ssh(key: key, options: alias))

            try await TwoTerminalsTests.buyFeeder(in: here)
            let before = try await there.waitForRow("Copper Tube Feeder", toShow: "Owned", within: Self.arrival)

            try await primary.kill()
            let killed = ContinuousClock.now
            try await there.press("down", "enter")
            _ = try await there.screen(showing: "Confirm Purchase")
            try await there.press("y")
            try await Task.sleep(for: Self.leaderless)
            try await standby.promote()
            _ = try await there.screen(showing: "Purchase complete", timeout: .seconds(45))
            let bought = ContinuousClock.now - killed
            let across = try await here.waitForRow("Heated Birdbath", toShow: "Owned", within: Self.arrival)
            print("two front ends: arrival \(before) before the failover, \(across) after it; the purchase asked "
                  + "with the primary dead completed \(bought) after the kill (promotion \(Self.leaderless) after it)")
        }
    }

    /// A customer's session at Feeders & Gear, on the Copper Tube Feeder.
    private static func open(_ ssh: [String]) async throws -> TmuxSession {
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(ssh))
        _ = try await tmux.screen(showing: "Backyard Birds Pass")
        try await tmux.press("down", "down", "enter")
        _ = try await tmux.screen(showing: "Copper Tube Feeder")
        return tmux
    }
}
