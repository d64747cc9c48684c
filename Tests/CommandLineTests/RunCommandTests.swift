import Foundation
import StorefrontTestSupport
import Testing

/// `storefront run` with no terminal at all. (In a terminal it is an end-to-end test.)
@Suite("storefront run without a terminal")
struct RunCommandTests {
    @Test func withoutATerminalItSaysSoAndExits64() async throws {
        let output = try await StorefrontCommand.run(["run", "--in-memory", "--catalog", "tipjar"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("needs a terminal"))
        #expect(output.stdout.isEmpty)
    }

    /// A session over SSH (`--remote`, as `serve --ssh` runs it) that cannot open its store
    /// says so without the server's paths; run here, the path is named.
    @Test func aRemoteSessionNamesNoFileOfTheServer() async throws {
        let scratch = try TemporaryDirectory()
        let blocker = scratch.url.appendingPathComponent("not-a-folder")
        try Data().write(to: blocker)
        let ledger = ["run", "--catalog", "tipjar", "--ledger", blocker.appendingPathComponent("ledger.sqlite").path]
        let local = try await StorefrontCommand.run(ledger)
        #expect(local.stderr.contains(blocker.path), "\(local.stderr)")
        let remote = try await StorefrontCommand.run(ledger + ["--remote", "--account", "SHA256:abc"])
        #expect(remote.status == local.status)
        #expect(!remote.stderr.contains(scratch.url.path), "\(remote.stderr)")
        #expect(remote.stderr.contains("the store cannot open right now"), "\(remote.stderr)")
    }
}
