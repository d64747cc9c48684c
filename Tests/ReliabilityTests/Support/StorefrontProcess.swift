import Foundation
import Testing

/// The `storefront` binary run as a real process, its output written to files under the work
/// root's `logs` folder (kept by `make check` for the key scan) and read back when it ends.
final class StorefrontProcess {
    struct Result {
        /// The exit status, or nil when a signal ended the process.
        var status: Int32?
        /// The signal that ended the process, if one did.
        var signal: Int32?
        var output: String
        var error: String

        /// Standard error without its final newline, split into lines.
        var errorLines: [String] {
            error.split(separator: "\n", omittingEmptySubsequences: false).dropLast(error.hasSuffix("\n") ? 1 : 0).map(String.init)
        }
    }

    let process = Process()
    private let outputURL: URL
    private let errorURL: URL

    /// Starts `storefront arguments…` with the user's ledger folders pointed at `home`, so no
    /// test ever touches a real ledger.
    init(_ arguments: [String], home: URL, environment: [String: String] = [:], label: String = "storefront") throws {
        try #require(FileManager.default.isExecutableFile(atPath: ReliabilityPaths.binary.path),
                     "build the tool first: swift build --product storefront")
        let logs = ReliabilityPaths.workRoot.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let name = "\(label)-\(UUID().uuidString.prefix(8))"
        outputURL = logs.appendingPathComponent("\(name).out")
        errorURL = logs.appendingPathComponent("\(name).err")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.executableURL = ReliabilityPaths.binary
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment.filter { $0.key != "STOREFRONT_RESOURCES" }
        variables["HOME"] = home.path
        variables["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        process.environment = variables.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
    }

    /// Runs to the end; a process still running after `timeout` is killed and fails the test.
    static func run(
        _ arguments: [String], home: URL, environment: [String: String] = [:],
        label: String = "storefront", timeout: Duration = .seconds(60)
    ) async throws -> Result {
        let running = try StorefrontProcess(arguments, home: home, environment: environment, label: label)
        return await running.wait(timeout: timeout)
    }

    var pid: Int32 { process.processIdentifier }

    /// What the process has written to standard output so far.
    var outputSoFar: String {
        Self.text(at: outputURL)
    }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits until the process ends or `deadline` passes, whichever is first, without blocking
    /// a thread. Returns whether it has ended.
    @discardableResult
    func waitForExit(until deadline: ContinuousClock.Instant) async -> Bool {
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return !process.isRunning
    }

    /// Waits for the process to end; a hang past `timeout` is killed and recorded as an issue.
    func wait(timeout: Duration = .seconds(60)) async -> Result {
        await waitForExit(until: .now + timeout)
        if process.isRunning {
            Issue.record("storefront \(process.arguments ?? []) still running after \(timeout): killed")
            send(SIGKILL)
        }
        process.waitUntilExit()
        let result = Result(
            status: process.terminationReason == .exit ? process.terminationStatus : nil,
            signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil,
            output: Self.text(at: outputURL),
            error: Self.text(at: errorURL)
        )
        if !ReliabilityPaths.keepsWork {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        return result
    }

    /// A file's bytes as text; bytes that are not UTF-8 show as U+FFFD rather than failing.
    private static func text(at url: URL) -> String {
        String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    }
}
