import ArgumentParser
import Foundation
import LocalStore
import StorefrontModel

/// What the store commands share: turning store errors into one line on standard error
/// and a sysexits code, and writing output.
enum StoreCommandSupport {
    /// Runs `body`; a ledger error exits with its own code (65, 73, 74), any other store
    /// error with 1, each after one line naming `action` and the reason.
    static func run(_ action: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as ExitCode {
            throw error
        } catch let error as LedgerError {
            printError("\(action): \(error)")
            throw ExitCode(error.exitCode)
        } catch {
            printError("\(action): \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }

    /// Writes `text` and a newline to standard output.
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
