import Foundation
import Testing

/// The `storefront` command this package built, run as a user would.
///
/// SwiftPM builds the test bundle into the same products folder as the executables
/// (`.build/debug`, `.build/release`, or those of a `--scratch-path`), so the binary is
/// found beside the running test bundle, whichever configuration and build folder made it.
///
/// ```swift
/// let output = try await StorefrontCommand.run(["catalog", "tipjar", "--json"])
/// #expect(output.status == 0)
/// ```
public enum StorefrontCommand {
    /// The folders that may hold the test bundle, in the order they are tried: the running
    /// executable's (on Linux the bundle is the executable), then every loaded `.xctest` bundle's.
    public static let searchedFolders: [URL] = {
        var folders: [URL] = []
        #if os(Linux)
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        #endif
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            folders.append(executable.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first, first.contains("/") {
            folders.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        var seen: Set<String> = []
        return folders.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
    }()

    /// The binary's path: `storefront` in the first of `searchedFolders` that has one.
    public static let path: String? = searchedFolders
        .map { $0.appendingPathComponent("storefront").path }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The binary's path, or a failed test that says where it looked and how to build it.
    public static func binary(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(
            path,
            """
            no storefront binary beside the test bundle; looked in \(searchedFolders.map(\.path).joined(separator: ", ")). \
            Build it with the tests, with the same --scratch-path and -c: swift build --build-tests
            """,
            sourceLocation: sourceLocation
        )
    }

    /// Starts `storefront arguments…`. `environment` adds to (or replaces) this process's, a
    /// nil value removing one; `STOREFRONT_RESOURCES` and `STOREFRONT_STORE` are removed unless
    /// given, so the command reads this package's Resources and the ledger its arguments name.
    public static func start(
        _ arguments: [String], environment: [String: String?] = [:], stdin: Data? = nil,
        outputFolder: URL? = nil, label: String = "storefront", keepsOutput: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ChildProcess {
        let defaults: [String: String?] = ["STOREFRONT_RESOURCES": nil, "STOREFRONT_STORE": nil]
        let variables = defaults.merging(environment) { _, given in given }
        return try ChildProcess(
            binary(sourceLocation: sourceLocation), arguments, environment: variables, stdin: stdin,
            outputFolder: outputFolder, label: label, keepsOutput: keepsOutput
        )
    }

    /// Runs `storefront arguments…` to its end; one still running after `timeout` is killed
    /// and fails the test.
    public static func run(
        _ arguments: [String], environment: [String: String?] = [:], stdin: Data? = nil,
        timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ChildProcess.Output {
        try await start(arguments, environment: environment, stdin: stdin, sourceLocation: sourceLocation)
            .wait(timeout: timeout)
    }
}
