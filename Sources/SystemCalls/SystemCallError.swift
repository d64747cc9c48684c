#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: what was being done, to what, and the system's reason.
/// Callers wrap it in their own error type, with their own exit code.
///
/// ```swift
/// do { _ = try PseudoTerminalPair(width: 80, height: 24) }
/// catch { print(error) }   // cannot open a pseudo-terminal: No such device
/// ```
public struct SystemCallError: Error, CustomStringConvertible, Sendable {
    /// What was being done, as a message starts: "cannot start /bin/sh".
    public let action: String
    /// The `errno` (or the code posix_spawn returned).
    public let code: Int32

    public init(_ action: String, code: Int32 = errno) {
        self.action = action
        self.code = code
    }

    /// The system's words for `code`: "No such file or directory".
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "\(action): \(reason)" }
}
