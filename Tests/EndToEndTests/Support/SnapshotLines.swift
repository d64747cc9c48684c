import Foundation
import StorefrontTestSupport
import Testing

extension StorefrontCommand {
    /// `storefront snapshot` for the same keys (KeyScript tokens), catalog and size, with no
    /// latency and an in-memory ledger: the lines it prints.
    static func snapshot(_ options: [String], keys: [String], size: String = "80x24") async throws -> [String] {
        let output = try await run(["snapshot", "--in-memory", "--latency", "0", "--size", size, "--keys", keys.joined(separator: " ")] + options)
        try #require(output.status == 0, "storefront snapshot failed: \(output.stderr)")
        return output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// Waits for a file a command in tmux writes when it is done; a test failure after `timeout`.
func waitForFile(_ path: String, timeout: Duration = TmuxSession.patience, _ what: String) async throws {
    let deadline = ContinuousClock.now + timeout
    while !FileManager.default.fileExists(atPath: path) {
        try #require(ContinuousClock.now < deadline, "\(what) within \(timeout)")
        try await Task.sleep(for: .milliseconds(30))
    }
}

extension [String] {
    /// The lines without trailing spaces, as tmux prints a pane.
    var trimmedRight: [String] {
        map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }
}
