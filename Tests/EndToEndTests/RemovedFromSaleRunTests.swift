import Foundation
import StorefrontTestSupport
import Testing

/// `storefront run` in tmux while `storefront remove-from-sale` runs in another terminal: the
/// product turns Unavailable in the running app and cannot be bought, and sells again once
/// put back, with no restart (the watcher's look on SQLite, the change feed on PostgreSQL).
@Suite("Removal from sale in a running storefront (tmux)")
struct RemovedFromSaleRunTests {
    static let feeder = "com.example.backyardbirds.feeder.copper"
    /// The watcher looks every second; tmux's captures come slowly on a loaded machine.
    static let arrival: Duration = .seconds(15)

    @Test("Removed, the feeder shows Unavailable and Enter buys nothing; put back, it sells again", arguments: StoreEngine.allCases)
    func removedThenPutBack(_ engine: StoreEngine) async throws {
        let folder = try TemporaryDirectory()
        let store = try await engine.storeArguments(in: folder)
        func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
            let done = try await StorefrontCommand.run(arguments + store)
            try #require(done.status == 0, "storefront \(arguments.joined(separator: " ")): \(done.stderr)")
            return done
        }
        let words = ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", try StorefrontCommand.binary(), "run", "--latency", "0"]
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(words + store))
        _ = try await tmux.screen(showing: "Backyard Birds Pass")
        try await tmux.press("down", "down", "enter")  // Feeders & Gear
        try await tmux.waitForRow("Copper Tube Feeder", toShow: "$4.99", within: Self.arrival)

        _ = try await storefront("remove-from-sale", Self.feeder)
        try await tmux.waitForRow("Copper Tube Feeder", toShow: "Unavailable", within: Self.arrival)
        #expect(!(try await tmux.row(containing: "Copper Tube Feeder").contains("$4.99")))
        try await tmux.press("enter", "y")  // the feeder is the first row
        let after = try await tmux.capture()
        #expect(!after.contains { $0.contains("Thank you") || $0.contains("Owned") }, "\(after.joined(separator: "\n"))")
        #expect(try await storefront("transactions", "--json").array().isEmpty, "nothing was bought")

        _ = try await storefront("remove-from-sale", Self.feeder, "--put-back")
        try await tmux.waitForRow("Copper Tube Feeder", toShow: "$4.99", within: Self.arrival)
        try await tmux.press("enter", "y")
        try await tmux.waitForRow("Copper Tube Feeder", toShow: "Owned", within: Self.arrival)
        let bought = try await storefront("transactions", "--json").array()
        #expect(bought.map { $0["productID"] as? String } == [Self.feeder])
    }
}
