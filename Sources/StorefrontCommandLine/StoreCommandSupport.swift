import ArgumentParser
import Foundation
import LocalStore
import StorefrontModel

/// What the store commands share: turning store errors into a `CommandFailure` with a
/// sysexits code, and writing output.
package enum StoreCommandSupport {
    /// Runs `body`; a ledger error fails with its own code (65, 73, 74), any other store
    /// error with 1, each with one line naming `action` and the reason.
    package static func run(_ action: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as LedgerError {
            throw CommandFailure("\(action): \(error)", exitCode: ExitCode(error.exitCode))
        } catch {
            throw CommandFailure("\(action): \(error.localizedDescription)", exitCode: .failure)
        }
    }

    /// Writes `text` and a newline to standard output.
    package static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
