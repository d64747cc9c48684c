import Foundation
import Testing

/// The real `storefront` binary (.build/debug/storefront; `swift build` makes it), run as
/// a child process with its output captured in files.
struct StorefrontProcess {
    static let binary = StorePaths.packageRoot.appendingPathComponent(".build/debug/storefront")

    struct Output {
        var status: Int32
        var wasKilled: Bool
        var stdout: String
        var stderr: String

        /// Standard output parsed as JSON.
        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        }

        func object() throws -> [String: Any] {
            try #require(try json() as? [String: Any], "not a JSON object: \(stdout)")
        }

        func array() throws -> [[String: Any]] {
            try #require(try json() as? [[String: Any]], "not a JSON array: \(stdout)")
        }
    }

    let process = Process()
    private let folder: URL

    /// Starts `storefront arguments…`; `environment` adds to (or replaces) this process's.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path),
                     "build the tool first: swift build --product storefront")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["stdout", "stderr"] { try Data().write(to: folder.appendingPathComponent(name)) }
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .filter { $0.key != "STOREFRONT_RESOURCES" }
            .merging(environment) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("stderr"))
        try process.run()
    }

    /// Runs `storefront arguments…` to the end.
    static func run(_ arguments: String..., environment: [String: String] = [:]) throws -> Output {
        try StorefrontProcess(arguments, environment: environment).wait()
    }

    /// What the process has written to standard output so far.
    var stdoutSoFar: String {
        (try? String(contentsOf: folder.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
    }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
    }

    func wait() throws -> Output {
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: folder) }
        return Output(
            status: process.terminationStatus,
            wasKilled: process.terminationReason == .uncaughtSignal,
            stdout: try String(contentsOf: folder.appendingPathComponent("stdout"), encoding: .utf8),
            stderr: try String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)
        )
    }
}
