import Foundation
import StorefrontTestSupport
import Testing

/// `storefront serve` runs in `storefront-serve`, the program beside `storefront`: the help a
/// user reads is the same, and a missing `storefront-serve` is named.
@Suite struct ServeProgramTests {
    @Test func serveHelpReadsAsStorefrontServe() async throws {
        let top = try await StorefrontCommand.run(["--help"])
        #expect(top.stdout.contains("  serve                   Serve the storefront over SSH (one storefront per"))
        let serve = try await StorefrontCommand.run(["serve", "--help"])
        #expect(serve.status == 0)
        #expect(serve.stdout.contains("USAGE: storefront serve <options> <subcommand>"))
        #expect(serve.stdout.contains("--authorized-keys <file>"))  // serve's own
        #expect(serve.stdout.contains("--catalog <catalog>"))  // the store options every session gets
        let add = try await StorefrontCommand.run(["help", "serve", "api-keys", "add"])
        #expect(add.stdout.contains("USAGE: storefront serve api-keys add <issuer> <key-id> <public.pem> [--api-keys <file>]"))
    }

    @Test func storefrontAloneNamesTheMissingServerAndRunsEverythingElse() async throws {
        let work = try TemporaryDirectory()
        let alone = work.url.appendingPathComponent("storefront")
        // A hard link: a copy being written while another test spawns would be "text file busy".
        do {
            try FileManager.default.linkItem(atPath: try StorefrontCommand.binary(), toPath: alone.path)
        } catch {
            try FileManager.default.copyItem(atPath: try StorefrontCommand.binary(), toPath: alone.path)
        }
        let serve = try await ChildProcess.run(alone.path, ["serve", "--ssh", "0", "--in-memory"])
        #expect(serve.status == 69)
        let missing = work.url.resolvingSymlinksInPath().appendingPathComponent("storefront-serve").path
        #expect(serve.stderr.hasPrefix("storefront: storefront serve runs storefront-serve, which is not beside storefront: \(missing) is missing"))
        let catalog = try await ChildProcess.run(alone.path, ["catalog", "tipjar"])
        #expect(catalog.status == 0, "\(catalog.stderr)")
    }
}
