import Foundation
import StorefrontTestSupport
import Testing

/// Two `storefront run` in tmux on one store, as two people of a team would have: on one
/// account each sees what the other bought while it runs; on two accounts neither ever does.
/// On PostgreSQL the change feed (LISTEN/NOTIFY) brings it; on SQLite the watcher's look
/// every second.
@Suite("Two storefront run on one store")
struct TwoTerminalsTests {
    /// How long the other terminal may take: the watcher looks every second on SQLite, and
    /// tmux's captures come slowly on a loaded machine. The latency itself is a benchmark
    /// (change_feed_ms in BENCHMARKS.md).
    static let arrival: Duration = .seconds(10)
    /// How long the other account's terminal is watched for what must never come: several
    /// looks of the watcher, longer than a purchase takes to arrive on an idle machine.
    static let watched: Duration = .seconds(3)

    @Test("On one account, a purchase in one terminal shows as Owned in the other", arguments: StoreEngine.allCases)
    func oneAccount(_ engine: StoreEngine) async throws {
        let terminals = try await Terminals(engine, accounts: ("alice", "alice"))
        try await Self.buyFeeder(in: terminals.buyer)
        try await terminals.other.waitForRow("Copper Tube Feeder", toShow: "Owned", within: Self.arrival)
    }

    @Test("On two accounts, a purchase in one terminal never shows in the other", arguments: StoreEngine.allCases)
    func twoAccounts(_ engine: StoreEngine) async throws {
        let terminals = try await Terminals(engine, accounts: ("alice", "bob"))
        try await Self.buyFeeder(in: terminals.buyer)
        try await Task.sleep(for: Self.watched)
        let row = try await terminals.other.row(containing: "Copper Tube Feeder")
        #expect(row.contains("$4.99") && !row.contains("Owned"), "bob's terminal shows alice's purchase: \(row)")
    }

    /// Two terminals on one store, each on its account and open at the feeders' shop; the
    /// folder with the key (and the SQLite file) lives as long as they do.
    struct Terminals {
        let folder: TemporaryDirectory
        let buyer: TmuxSession
        let other: TmuxSession

        init(_ engine: StoreEngine, accounts: (String, String)) async throws {
            folder = try TemporaryDirectory()
            let store = try await engine.storeArguments(in: folder)
            buyer = try await Self.open(account: accounts.0, store: store)
            other = try await Self.open(account: accounts.1, store: store)
        }

        private static func open(account: String, store: [String]) async throws -> TmuxSession {
            let words = ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", try StorefrontCommand.binary(), "run", "--latency", "0", "--account", account]
            let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(words + store))
            _ = try await tmux.screen(showing: "Backyard Birds Pass")
            try await tmux.press("down", "down", "enter")
            _ = try await tmux.screen(showing: "Copper Tube Feeder")
            return tmux
        }
    }

    static func buyFeeder(in tmux: TmuxSession) async throws {
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "Confirm Purchase")
        try await tmux.press("y")
        _ = try await tmux.screen(showing: "Purchase complete")
    }
}
