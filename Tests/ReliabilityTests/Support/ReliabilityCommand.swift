import Foundation
import StorefrontTestSupport
import Testing

extension StorefrontCommand {
    /// Starts `storefront arguments…` with the user's ledger folders pointed at `home`, so no
    /// test ever touches a real ledger, and its output written under the work root's `logs`
    /// folder (kept by `make check` for the key scan).
    static func start(
        _ arguments: [String], home: URL, environment: [String: String?] = [:], label: String = "storefront"
    ) throws -> ChildProcess {
        let folders: [String: String?] = ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path]
        return try start(
            arguments, environment: folders.merging(environment) { _, given in given },
            outputFolder: ReliabilityPaths.workRoot.appendingPathComponent("logs"), label: label,
            keepsOutput: ReliabilityPaths.keepsWork
        )
    }

    /// Runs to the end; a process still running after `timeout` is killed and fails the test.
    static func run(
        _ arguments: [String], home: URL, environment: [String: String?] = [:],
        label: String = "storefront", timeout: Duration = .seconds(60)
    ) async throws -> ChildProcess.Output {
        try await start(arguments, home: home, environment: environment, label: label).wait(timeout: timeout)
    }
}
