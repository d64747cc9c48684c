import Foundation
import StorefrontTestSupport
import Testing

/// `storefront snapshot`, run as a real process.
@Suite("storefront snapshot")
struct SnapshotCommandTests {
    /// Runs the tool with no TERM (no terminal is needed) and no NO_COLOR.
    func snapshot(_ arguments: [String]) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(["snapshot"] + arguments, environment: ["TERM": nil, "NO_COLOR": nil])
    }

    @Test("The same command prints the same bytes every time")
    func deterministic() async throws {
        let arguments = ["--keys", "down enter wait:200ms enter y wait:2s enter esc end enter", "--latency", "200ms", "--after", "2s", "--styles"]
        let first = try await snapshot(arguments)
        let second = try await snapshot(arguments)
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        #expect(first.stdout == second.stdout)
        #expect(first.stdoutLines.contains { $0.contains("Sunflower Hearts ×1") })
    }

    @Test("Exactly rows lines, each padded to the columns; --styles adds the runs after ---")
    func shape() async throws {
        let plain = try await snapshot(["--size", "40x12", "--keys", "enter"])
        #expect(plain.stdoutLines.count == 12)
        #expect(plain.stdoutLines.allSatisfy { $0.count == 40 || $0.unicodeScalars.contains { $0.value > 0x7F } })
        let styled = try await snapshot(["--size", "40x12", "--keys", "enter", "--styles"])
        #expect(Array(styled.stdoutLines.prefix(12)) == plain.stdoutLines)
        #expect(styled.stdoutLines[12] == "---")
        #expect(styled.stdoutLines.dropFirst(13).allSatisfy { $0.hasPrefix("row ") })
    }

    @Test("Without --after the clock stays put: a slow load still spins")
    func clockMovesOnlyWhenTold() async throws {
        let waiting = try await snapshot(["--keys", "down enter", "--latency", "500ms"])
        #expect(waiting.stdoutLines.contains { $0.contains("Sunflower Hearts") && !$0.contains("$0.99") })
        let loaded = try await snapshot(["--keys", "down enter", "--latency", "500ms", "--after", "500ms"])
        #expect(loaded.stdoutLines.contains { $0.contains("Sunflower Hearts") })
    }

    @Test("A bad key or size is one line naming it, and exit 64", arguments: [
        (["--keys", "down jump"], "bad key \"jump\""),
        (["--keys", "wait:soon"], "bad key \"wait:soon\""),
        (["--size", "80by24"], "bad size \"80by24\""),
        (["--size", "5000x5000"], "bad size \"5000x5000\": expected columns x rows from 1x1 to 1000x1000"),
        (["--after", "later"], "bad --after \"later\""),
    ])
    func refused(arguments: [String], message: String) async throws {
        let result = try await snapshot(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("storefront: \(message)"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("Without --size or --keys: 80x24 and no keys; a store option is refused before the screen's, in one line as every bad value")
    func typedOptionDefaultsAndOrder() async throws {
        let plain = try await snapshot([])
        #expect(plain.status == 0)
        #expect(plain.stdoutLines.count == 24)
        #expect(plain.stdoutLines.allSatisfy { $0.count == 80 || $0.unicodeScalars.contains { $0.value > 0x7F } })
        #expect(try await snapshot(["--keys", ""]).stdout == plain.stdout)
        let both = try await snapshot(["--size", "80by24", "--latency", "soon"])
        #expect(both.status == 64)
        #expect(both.stderr == "storefront: --latency \"soon\" is not a duration like 500ms, 1.5s or 300ms-800ms. (see 'storefront snapshot --help')\n")
    }
}
