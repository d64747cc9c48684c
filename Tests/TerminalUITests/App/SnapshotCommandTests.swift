import Foundation
import Testing

/// `storefront snapshot`, run as a real process: the binary at .build/debug/storefront.
@Suite("storefront snapshot")
struct SnapshotCommandTests {
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var lines: [String] { String(decoding: stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    static let binary = BackyardBirds.resources.deletingLastPathComponent().appendingPathComponent(".build/debug/storefront")

    /// Runs the tool with no TERM (no terminal is needed) and no NO_COLOR.
    func snapshot(_ arguments: [String]) throws -> Output {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the tool first: swift build --product storefront")
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["snapshot"] + arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !["TERM", "NO_COLOR", "STOREFRONT_RESOURCES"].contains($0.key) }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test("The same command prints the same bytes every time")
    func deterministic() throws {
        let arguments = ["--keys", "down enter wait:200ms enter y wait:2s enter esc end enter", "--latency", "200ms", "--after", "2s", "--styles"]
        let first = try snapshot(arguments)
        let second = try snapshot(arguments)
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        #expect(first.stdout == second.stdout)
        #expect(first.lines.contains { $0.contains("Sunflower Hearts ×1") })
    }

    @Test("Exactly rows lines, each padded to the columns; --styles adds the runs after ---")
    func shape() throws {
        let plain = try snapshot(["--size", "40x12", "--keys", "enter"])
        #expect(plain.lines.count == 12)
        #expect(plain.lines.allSatisfy { $0.count == 40 || $0.unicodeScalars.contains { $0.value > 0x7F } })
        let styled = try snapshot(["--size", "40x12", "--keys", "enter", "--styles"])
        #expect(Array(styled.lines.prefix(12)) == plain.lines)
        #expect(styled.lines[12] == "---")
        #expect(styled.lines.dropFirst(13).allSatisfy { $0.hasPrefix("row ") })
    }

    @Test("Without --after the clock stays put: a slow load still spins")
    func clockMovesOnlyWhenTold() throws {
        let waiting = try snapshot(["--keys", "down enter", "--latency", "500ms"])
        #expect(waiting.lines.contains { $0.contains("Sunflower Hearts") && !$0.contains("$0.99") })
        let loaded = try snapshot(["--keys", "down enter", "--latency", "500ms", "--after", "500ms"])
        #expect(loaded.lines.contains { $0.contains("Sunflower Hearts") })
    }

    @Test("A bad key or size is one line naming it, and exit 64", arguments: [
        (["--keys", "down jump"], "bad key \"jump\""),
        (["--keys", "wait:soon"], "bad key \"wait:soon\""),
        (["--size", "80by24"], "bad size \"80by24\""),
        (["--after", "later"], "bad --after \"later\""),
    ])
    func refused(arguments: [String], message: String) throws {
        let result = try snapshot(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("storefront: \(message)"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("Without --size or --keys: 80x24 and no keys; a store option is refused before the screen's, as ArgumentParser's usage error")
    func typedOptionDefaultsAndOrder() throws {
        let plain = try snapshot([])
        #expect(plain.status == 0)
        #expect(plain.lines.count == 24)
        #expect(plain.lines.allSatisfy { $0.count == 80 || $0.unicodeScalars.contains { $0.value > 0x7F } })
        #expect(try snapshot(["--keys", ""]).stdout == plain.stdout)
        let both = try snapshot(["--size", "80by24", "--latency", "soon"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("Error: --latency \"soon\""))
    }
}
