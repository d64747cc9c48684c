import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog

/// An error a program ends with: a one-line `description` naming what and where, and the
/// sysexits(3) code to exit with. The store's, the catalog's, the terminal's and the
/// servers' errors conform, so they reach the top of a program as they were thrown and are
/// reported there, once (`runReportingFailures()`), instead of being re-wrapped at each call.
///
/// ```swift
/// throw CommandFailure("\(path): no such tape file", exitCode: .noInput)
/// // storefront: demo.tape: no such tape file        (exit 66)
/// ```
package protocol ExitCodeError: Error, CustomStringConvertible {
    /// The sysexits code: 64 usage, 65 malformed input, 66 no input, 69 unavailable, 73 cannot
    /// create, 74 I/O, 77 no permission (128 + a signal after one ended the program).
    var exitCode: Int32 { get }
    /// Lines printed as they are after the message, such as the screen a tape stopped on.
    var detail: String { get }
}

extension ExitCodeError {
    package var detail: String { "" }

    /// Writes the message to standard error as one line, prefixed with the tool's name, then
    /// the detail.
    package func report() {
        let line = "storefront: " + description.replacingOccurrences(of: "\n", with: " ") + "\n"
        FileHandle.standardError.write(Data((line + detail).utf8))
    }
}

extension LedgerError: ExitCodeError {}
extension CatalogError: ExitCodeError {}
extension APIKeyError: ExitCodeError {}
extension FamilyError: ExitCodeError {}
