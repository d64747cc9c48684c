import ArgumentParser

/// `--remote`, which `serve --ssh` passes to every session's command (the shop and the
/// `exec` commands alike): the customer is on another machine, so nothing they read names
/// a file of this one.
///
/// ```swift
/// @OptionGroup var remoteOption: RemoteOption
/// let store = try await remoteOption.safe { try await storeOptions.makeStore() }
/// ```
package struct RemoteOption: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "A customer's session on another machine (`serve --ssh` passes it): what it prints names the account alone, never a file of this one.",
        visibility: .hidden
    ))
    package var remote = false

    package init() {}

    /// `body`, whose failure a remote customer reads without its detail: the store's files
    /// (a ledger or catalog path) are the server's business. The exit code stays.
    package func safe<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let failure as any ExitCodeError where remote {
            throw CommandFailure(Self.unavailable, exitCode: ExitCode(failure.exitCode))
        } catch where remote && !(error is ExitCode) {
            throw CommandFailure(Self.unavailable, exitCode: .unavailable)
        }
    }

    private static let unavailable = "the store cannot open right now; please try again later"
}
