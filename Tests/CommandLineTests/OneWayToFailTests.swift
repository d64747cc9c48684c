import Foundation
import StorefrontTestSupport
import Testing

/// Every way the two programs fail reaches the user the same way: one line on standard error,
/// `storefront: …` naming what and where, and the sysexits code; nothing on standard output.
@Suite("One way to fail: each error kind and each bad value as one line with its exit code (real processes)")
struct OneWayToFailTests {
    /// Runs `arguments` and checks the one line and the status; returns the line.
    @discardableResult
    private func expectOneLine(
        _ arguments: [String], status: Int32, home: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let output = try await StorefrontCommand.run(arguments, environment: ["XDG_DATA_HOME": home.path], timeout: .seconds(30))
        #expect(output.status == status, "\(arguments): \(output.stderr)", sourceLocation: sourceLocation)
        #expect(output.stdout.isEmpty, "\(arguments) printed \(output.stdout)", sourceLocation: sourceLocation)
        #expect(output.stderrLines.count == 1, "\(arguments): \(output.stderr)", sourceLocation: sourceLocation)
        let line = output.stderrLines.first ?? ""
        #expect(line.hasPrefix("storefront: "), "\(arguments): \(line)", sourceLocation: sourceLocation)
        return line
    }

    @Test("LedgerError: a ledger folder inside a plain file is 73, naming the file")
    func ledgerError() async throws {
        let work = try TemporaryDirectory()
        let file = work.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let line = try await expectOneLine(
            ["transactions", "--catalog", "tipjar", "--ledger", file.appendingPathComponent("ledger.sqlite").path], status: 73, home: work.url
        )
        #expect(line.contains(file.path))
    }

    @Test("CatalogError: a malformed .storekit file is 65, naming it")
    func catalogError() async throws {
        let work = try TemporaryDirectory()
        let catalog = work.url.appendingPathComponent("Shop.storekit")
        try Data("{".utf8).write(to: catalog)
        let line = try await expectOneLine(["catalog", catalog.path], status: 65, home: work.url)
        #expect(line.contains("Shop.storekit"))
    }

    @Test("TerminalError: the shop without a terminal is 64, saying so")
    func terminalError() async throws {
        let work = try TemporaryDirectory()
        let line = try await expectOneLine(["run", "--catalog", "tipjar", "--in-memory"], status: 64, home: work.url)
        #expect(line.contains("needs a terminal"))
    }

    @Test("SSHServeError: an authorized_keys file serve cannot read is 66, naming it")
    func sshServeError() async throws {
        let work = try TemporaryDirectory()
        let keys = work.url.appendingPathComponent("no-such-authorized-keys").path
        let line = try await expectOneLine(
            ["serve", "--ssh", "0", "--catalog", "tipjar", "--in-memory", "--authorized-keys", keys], status: 66, home: work.url
        )
        #expect(line.contains(keys))
    }

    @Test("APIKeyError: an --api-keys file that is a folder is 66, naming it")
    func apiKeyError() async throws {
        let work = try TemporaryDirectory()
        let keys = work.url.appendingPathComponent("api-keys")
        try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: false)
        let line = try await expectOneLine(
            ["serve", "--http", "0", "--bundle-id", "com.example.tips", "--catalog", "tipjar", "--in-memory", "--api-keys", keys.path],
            status: 66, home: work.url
        )
        #expect(line.contains(keys.path))
    }

    /// ArgumentParser's own refusal, a `validate()` refusal and a value refused as the command
    /// runs used to read differently ("Error: …" and the usage, or one line); now all one line.
    /// Where the command line itself was wrong, the line ends saying where its usage is.
    @Test("A bad option or value is one line, exit 64, whoever refuses it", arguments: [
        (["buy", "com.example.tipjar.nib.fine", "--catalog", "tipjar", "--bogus"], "--bogus", " (see 'storefront buy --help')"),
        (["buy"], "'<product-id>'", " (see 'storefront buy --help')"),
        (["buy", "com.example.tipjar.nib.fine", "--catalog", "tipjar", "--latency", "soon"], "--latency \"soon\"", " (see 'storefront buy --help')"),
        (["snapshot", "--catalog", "tipjar", "--size", "80x2x"], "80x2x", ""),
        (["serve", "--ssh", "0", "--max-sessions", "0"], "--max-sessions 0", " (see 'storefront serve --help')"),
    ])
    func badValues(arguments: [String], naming: String, pointer: String) async throws {
        let work = try TemporaryDirectory()
        let line = try await expectOneLine(arguments, status: 64, home: work.url)
        #expect(line.contains(naming), "\(line)")
        #expect(line.hasSuffix(pointer) && line.contains(" (see ") == !pointer.isEmpty, "\(line)")
    }

    /// Typed as the command line is parsed: refused before serve opens a store or a port,
    /// with or without an address to serve on.
    @Test("serve's time, environment and URL options are refused as parsed, naming the option and value", arguments: [
        (["--idle", "banana"], "storefront: --idle \"banana\" is not a time like 90s, 10m or 1h."),
        (["--max-session", "0s"], "storefront: --max-session \"0s\" is not a time like 90s, 10m or 1h."),
        (["--drain", "soon"], "storefront: --drain \"soon\" is not a time like 90s, 10m or 1h."),
        (["--environment", "Staging"], "storefront: --environment \"Staging\" is not one of LocalTesting, Sandbox, Production."),
        (["--http", "0", "--bundle-id", "com.example.tips", "--notify", "ftp://x"], "storefront: --notify \"ftp://x\" is not an http:// or https:// URL."),
    ])
    func serveOptionsTypedAtParseTime(options: [String], message: String) async throws {
        let work = try TemporaryDirectory()
        for address in [[], ["--ssh", "0"]] {
            let line = try await expectOneLine(["serve"] + address + ["--catalog", "tipjar", "--in-memory"] + options, status: 64, home: work.url)
            #expect(line == message + " (see 'storefront serve --help')")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.url.path).isEmpty, "serve made files before refusing")
    }
}
