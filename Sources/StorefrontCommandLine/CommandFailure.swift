import ArgumentParser
import Foundation

/// Why a command stopped, in the command's own words: one line for standard error, naming
/// what and where, and the sysexits code to exit with. Commands throw it;
/// `runReportingFailures()` reports it, as every `ExitCodeError`.
///
/// ```swift
/// throw CommandFailure("\(path): no such tape file", exitCode: .noInput)
/// // storefront: demo.tape: no such tape file        (exit 66)
/// ```
package struct CommandFailure: ExitCodeError {
    /// What went wrong; reported on one line, newlines as spaces.
    package let message: String
    package let exitCode: Int32
    /// Lines printed as they are after the message, such as the screen a tape stopped on.
    package let detail: String

    package init(_ message: String, exitCode: ExitCode, detail: String = "") {
        self.message = message
        self.exitCode = exitCode.rawValue
        self.detail = detail
    }

    package var description: String { message }
}

extension ExitCode {
    /// EX_USAGE (64): the command line is wrong. ArgumentParser's `validationFailure`.
    package static let usage = ExitCode.validationFailure
    /// EX_DATAERR (65): the input (a catalog, layout, tape or codes file, a product ID) is malformed.
    package static let dataError = ExitCode(65)
    /// EX_NOINPUT (66): an input file does not exist or cannot be read.
    package static let noInput = ExitCode(66)
    /// EX_UNAVAILABLE (69): a tool the command needs is not installed.
    package static let unavailable = ExitCode(69)
    /// EX_SOFTWARE (70): the app went wrong (work that never settled).
    package static let software = ExitCode(70)
    /// EX_CANTCREAT (73): an output file cannot be created.
    package static let cannotCreate = ExitCode(73)
}
