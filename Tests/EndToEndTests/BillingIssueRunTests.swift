import Foundation
import StorefrontTestSupport
import Testing

/// `storefront run --billing-retry --billing-grace-period` in tmux for a Grove subscriber whose
/// renewal failed, on a ledger file the store commands wrote: the Billing Problem message as
/// the store opens, the picker's status, and `billing recover` in another process clearing it.
@Suite("storefront run: a billing issue and its recovery (tmux)")
struct BillingIssueRunTests {
    static let grove = "com.example.backyardbirds.pass.grove.monthly"
    static let billing = ["--billing-retry", "--billing-grace-period"]

    let folder: TemporaryDirectory
    var ledger: String { folder.url.appendingPathComponent("ledger.sqlite").path }

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: [String]) async throws {
        let output = try await StorefrontCommand.run(arguments + Self.billing + ["--ledger", ledger])
        try #require(output.status == 0, "\(arguments): \(output.stderr)")
    }

    @Test func theSheetThePickerAndTheRecovery() async throws {
        try await storefront(["buy", Self.grove])
        try await storefront(["advance", "35d"])  // the renewal failed 4 days ago: in the grace period
        let command = shellCommand(
            ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", try StorefrontCommand.binary(), "run", "--ledger", ledger] + Self.billing
        )
        let tmux = try await TmuxSession(width: 80, height: 24, command: command)
        let sheet = try await tmux.screen(showing: "Billing Problem")
        #expect(sheet.contains { $0.contains("Your subscription could not be renewed. Update your") })
        #expect(sheet.contains { $0.contains("[ Continue ]  [ Not Now ]") })
        try await tmux.press("enter")
        let picker = try await tmux.screen(showing: "Update your payment method")
        #expect(picker.contains { $0.contains("Grove Monthly") && $0.contains("Current plan") })

        try await storefront(["billing", "recover", "1"])
        // The plans' change dates move to the renewed period's end once the app has read it.
        let before = try #require(picker.first { $0.contains("Downgrade — takes effect on") })
        var renewed = picker
        let deadline = ContinuousClock.now + .seconds(15)
        while renewed.contains(before), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(30))
            renewed = try await tmux.capture()
        }
        #expect(!renewed.contains(before), "the running app saw the renewal: \(renewed.joined(separator: "\n"))")
        #expect(!renewed.contains { $0.contains("Update your payment method") })
        #expect(renewed.contains { $0.contains("Grove Monthly") && $0.contains("Current plan") })
    }
}
