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

    /// `run` is the default command: with no command, or options first, it is `run`; help and
    /// other commands are as named.
    @Test func runWhenNoCommandIsNamed() async throws {
        let home = try TemporaryDirectory()  // where a bare `storefront` keeps its ledger
        for words in [[], ["--in-memory", "--catalog", "tipjar"]] {
            let output = try await StorefrontCommand.run(words, environment: ["HOME": home.url.path])
            #expect(output.status == 64 && output.stderr.contains("needs a terminal"), "\(words): \(output.stderr)")
        }
        let unknown = try await StorefrontCommand.run(["--no-such-option"])
        #expect(unknown.stderr == "storefront: Unknown option '--no-such-option' (see 'storefront run --help')\n")
        let help = try await StorefrontCommand.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("storefront: storefront run."), "\(help.stdout)")
        #expect(try await StorefrontCommand.run(["help", "buy"]).stdout.contains("USAGE: storefront buy"))
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
