import Foundation
import StorefrontTestSupport
import Testing

/// A script of `Tests/AppleClient` (Python, with Apple's App Store Server Library) run against
/// the built binary.
enum AppleClientScript {
    /// The scripts' store arguments for `engine`: none for SQLite (a ledger in their work
    /// folder), or a new migrated PostgreSQL store's URL.
    static func storeArguments(_ engine: String) async throws -> [String] {
        guard engine == "postgres" else { return [] }
        let store = try await PostgresCluster.database()
        let migrated = try await StorefrontCommand.run(["store", "migrate", "--store", store])
        try #require(migrated.status == 0, "\(migrated.stderr)")
        return [store]
    }

    /// Runs `Tests/AppleClient/<name>` with the built binary and a work folder of its own.
    static func run(_ name: String, _ arguments: [String] = []) async throws -> ChildProcess.Output {
        let binary = try StorefrontCommand.binary()
        let python = try #require(ChildProcess.find("python3"), "python3 is not installed: run .ci/install-deps")
        let library = try await ChildProcess.run(python, ["-c", "import appstoreserverlibrary"])
        try #require(
            library.status == 0,
            "Apple's App Store Server Library is not installed: run .ci/install-deps (pip install app-store-server-library)"
        )
        let work = try TemporaryDirectory()
        let script = PackagePaths.root.appendingPathComponent("Tests/AppleClient/\(name)").path
        let output = try await ChildProcess.run(python, [script, binary, work.url.path] + arguments, timeout: .seconds(180))
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(output.stdoutLines.last?.hasSuffix("passed, 0 failed") == true, "\(output.stdout)")
        return output
    }
}
