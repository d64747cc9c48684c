import ArgumentParser
import Foundation
import LocalStore
import StorefrontModel

/// What the store commands share: naming the action a store error stopped, and writing output.
package enum StoreCommandSupport {
    /// Runs `body`; an `ExitCodeError` (the ledger's 65, 73, 74) fails with its own code, any
    /// other store error with 1, each with one line naming `action` and the reason.
    package static func run(_ action: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as any ExitCodeError {
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
