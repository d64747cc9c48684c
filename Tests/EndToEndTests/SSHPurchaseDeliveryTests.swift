import Foundation
import StorefrontTestSupport
import Testing

/// A purchase the store has recorded but the storefront never finished, because the
/// customer's ssh went away in between: it is theirs, and their next session delivers it and says so.
@Suite("storefront serve --ssh: a purchase cut off by a vanished client")
struct SSHPurchaseDeliveryTests {
    /// Every store call takes 8 s, so after the ledger write the storefront still reads the
    /// customer's entitlements (8 s) and finishes (8 s): time enough to see the row, then hang
    /// up, even on a loaded machine (2 s each was not, under a full `make test`; 4 s was
    /// the same kind of window the Ctrl-C test missed beside busy loops). Screens wait longer.
    static let slowTipJar = ["--catalog", "tipjar", "--latency", "8s"]
    static let patience = Duration.seconds(60)
    /// The shop once Ada has hung up: what its sessions find in the ledger is what is tested.
    static let quickTipJar = ["--catalog", "tipjar", "--latency", "500ms"]

    @Test func anUnfinishedPurchaseIsDeliveredAtThatAccountsNextSession() async throws {
        let scratch = try TemporaryDirectory()
        let slow = try await SSHShop(Self.slowTipJar, folder: scratch.url)
        let ada = try await slow.makeKey("ada")
        let bob = try await slow.makeKey("bob")

        var first: TmuxSession? = try await TmuxSession(width: 80, height: 24, command: shellCommand(try slow.ssh(key: ada)))
        try await first?.confirmFirstTip(timeout: Self.patience)
        let recorded = try await transactions(of: ada, in: slow, until: { !$0.isEmpty })
        try #require(recorded.count == 1, "the purchase was not recorded once: \(recorded)")
        try #require(recorded[0]["finished"] as? Bool == false, "finished before the client could go; the test proves nothing")
        first = nil  // ssh dies with its tmux server, between the ledger write and the finish
        try await slow.waitUntilNoChildren()

        let leftBehind = try await transactions(of: ada, in: slow)
        #expect(leftBehind.count == 1)
        #expect(leftBehind.first?["finished"] as? Bool == false, "the storefront finished a purchase after its client had gone")
        // The same shop again, its data and host key, with a quick store: the sessions that
        // follow only need to find what the ledger holds.
        #expect(await slow.stop().status == 0)
        let shop = try await SSHShop(Self.quickTipJar, folder: scratch.url)

        // Another account's session delivers only its own.
        let other = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: bob)))
        try await other.buyFirstTip()
        _ = try await transactions(of: bob, in: shop, until: { $0.first?["finished"] as? Bool == true })
        #expect(try await transactions(of: ada, in: shop).first?["finished"] as? Bool == false, "Bob's session delivered Ada's purchase")

        let next = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: ada)))
        // Announced, not delivered silently (issue 26 item 7).
        let announced = try await next.screen(showing: "While you were away", timeout: .seconds(60))
        #expect(announced.joined().contains("Extra Fine Tip was delivered."), "\(announced.joined(separator: "\n"))")
        let delivered = try await transactions(of: ada, in: shop, until: { $0.first?["finished"] as? Bool == true })
        #expect(delivered.map { $0["id"] as? Int } == recorded.map { $0["id"] as? Int }, "charged again: \(delivered)")
    }

    /// `ssh … transactions --json` for `key`, as the customer reads their purchases; with
    /// `until`, asked again until it holds (60 s at most).
    private func transactions(
        of key: String, in shop: SSHShop, until wanted: ([[String: Any]]) -> Bool = { _ in true },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [[String: Any]] {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let output = try await shop.exec(key: key, "transactions", "--json")
            try #require(output.status == 0, "\(output.stderr)", sourceLocation: sourceLocation)
            let rows = try output.array()
            if wanted(rows) { return rows }
            if ContinuousClock.now > deadline {
                Issue.record("waited 60 s; transactions are \(rows)", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
