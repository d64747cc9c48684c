/// Why the SSH server cannot start: a bad key file, an address it cannot listen on. The
/// message names the file (and line) or the address; `exitCode` is the sysexits code.
///
/// ```swift
/// do { _ = try AuthorizedKeys(contentsOf: "keys") }
/// catch let error as SSHServeError { print(error, error.exitCode) }   // keys:3: … 65
/// ```
public struct SSHServeError: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// 65 (EX_DATAERR) malformed input, 66 (EX_NOINPUT) unreadable, 73 (EX_CANTCREAT)
    /// a key that cannot be written, 69 (EX_UNAVAILABLE) an address in use or refused.
    public let exitCode: Int32

    init(_ description: String, exitCode: Int32) {
        self.description = description
        self.exitCode = exitCode
    }

    static func malformed(_ message: String) -> Self { Self(message, exitCode: 65) }
    static func unreadable(_ message: String) -> Self { Self(message, exitCode: 66) }
    static func cannotCreate(_ message: String) -> Self { Self(message, exitCode: 73) }
    static func unavailable(_ message: String) -> Self { Self(message, exitCode: 69) }
}
