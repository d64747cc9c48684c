import Foundation
import StorefrontTestSupport
import Testing

/// `storefront run --transaction-manager` in tmux, the real binary on a ledger file: T opens
/// the manager, a refund is requested and granted there, the ledger records it and the shop
/// shows it; and a customer's session over SSH has no manager at all.
@Suite("storefront run --transaction-manager (tmux) and its absence over SSH")
struct TransactionManagerRunTests {
    static let guide = "com.example.backyardbirds.guide.songbirds"

    @Test func aRefundRequestedAndGrantedFromTheManager() async throws {
        let folder = try TemporaryDirectory()
        let ledger = folder.url.appendingPathComponent("ledger.sqlite").path
        let bought = try await StorefrontCommand.run(["buy", Self.guide, "--ledger", ledger])
        try #require(bought.status == 0, "\(bought.stderr)")
        let command = shellCommand(
            ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", try StorefrontCommand.binary(), "run", "--transaction-manager", "--ledger", ledger]
        )
        let tmux = try await TmuxSession(width: 80, height: 24, command: command)
        _ = try await tmux.screen(showing: "T transactions")
        try await tmux.press("T")
        let list = try await tmux.screen(showing: "#1  ")
        #expect(list.contains { $0.contains("#1  ") && $0.contains("Songbird Field Guide") && $0.contains("purchased") })
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "Request a refund")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "UNINTENDED_PURCHASE")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "refund requested")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "Decide the refund")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "Grant prorated")
        try await tmux.press("enter")
        // The result line shows with the rows read again after the grant.
        let granted = try await tmux.screen(showing: "Grant #1 (REFUND_FULL)")
        #expect(granted.contains { $0.contains("#1  ") && $0.contains("Songbird Field Guide") && $0.contains("refunded") })

        let transactions = try await StorefrontCommand.run(["transactions", "--ledger", ledger])
        #expect(transactions.stdout.contains("refunded"), "\(transactions.stdout)")
        try await tmux.press("esc")
        try await tmux.press("end")
        try await tmux.press("enter")
        // Your Purchases draws its history after its headings: wait for both.
        let refundedRow: (String) -> Bool = { $0.contains("Songbird Field Guide") && $0.contains("refunded") }
        let purchases = try await tmux.screen(
            where: { $0.contains { $0.contains("History") } && $0.contains(where: refundedRow) },
            described: "Your Purchases with the refunded guide"
        )
        #expect(purchases.contains(where: refundedRow))
    }

    @Test func aCustomersSessionOverSSHHasNoManager() async throws {
        // serve has no such option, and a session's shop refuses it.
        let serve = try await StorefrontCommand.run(["serve", "--ssh", "--transaction-manager"])
        #expect(serve.status == 64, "\(serve.stderr)")
        let remote = try await StorefrontCommand.run(["run", "--remote", "--transaction-manager"])
        #expect(remote.status == 64)
        #expect(remote.stderr.contains("--transaction-manager is the operator's tool"), "\(remote.stderr)")

        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(["--latency", "0"], folder: scratch.url)
        defer { withExtendedLifetime(shop) {} }
        let key = try await shop.makeKey("ada")
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        let store = try await tmux.screen(showing: "Your Purchases")
        #expect(!store.contains { $0.contains("transactions") })
        try await tmux.press("T")
        try await tmux.press("?")   // the help overlay: read after T, so T was read and did nothing
        let help = try await tmux.screen(showing: "close")
        #expect(!help.contains { $0.contains("Transactions") || $0.contains("transactions") }, "\(help.joined(separator: "\n"))")
    }
}
