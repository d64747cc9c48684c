import Foundation
import StorefrontTestSupport
import Testing

/// `storefront run` in tmux for a churned Grove subscriber, on a ledger file the store
/// commands wrote: the win-back message as the store opens, and `--messages off`.
@Suite("storefront run: the win-back message (tmux)")
struct WinBackRunTests {
    static let grove = "com.example.backyardbirds.pass.grove.monthly"

    let folder: TemporaryDirectory
    var ledger: String { folder.url.appendingPathComponent("ledger.sqlite").path }

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// Grove Monthly bought, then let lapse, by the store commands.
    private func churn() async throws {
        for command in ["buy", "expire"] {
            let output = try await StorefrontCommand.run([command, Self.grove, "--ledger", ledger])
            try #require(output.status == 0, "\(command): \(output.stderr)")
        }
    }

    private func run(_ options: [String]) throws -> String {
        shellCommand(["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", try StorefrontCommand.binary(), "run", "--ledger", ledger] + options)
    }

    @Test func theMessageShowsAsTheStoreOpens() async throws {
        try await churn()
        let tmux = try await TmuxSession(width: 80, height: 24, command: try run([]))
        let pane = try await tmux.screen(showing: "Not Now")
        #expect(pane.contains { $0.contains("Welcome back") })
        #expect(pane.contains { $0.contains("1 month free, then $5.99/month") })
        try await tmux.press("esc")
        _ = try await tmux.screen(showing: "Migration Season")
    }

    @Test func messagesOffSuppressesItButThePickerStillOffers() async throws {
        try await churn()
        let tmux = try await TmuxSession(width: 80, height: 24, command: try run(["--messages", "off"]))
        _ = try await tmux.screen(showing: "Migration Season")
        try await Task.sleep(for: .seconds(2))  // the standing has loaded long since
        #expect(!(try await tmux.capture()).contains { $0.contains("Not Now") })
        try await tmux.press("enter")
        let picker = try await tmux.screen(showing: "Welcome back: 1 month free, then $5.99/month")
        #expect(!picker.contains { $0.contains("Not Now") })
    }
}
