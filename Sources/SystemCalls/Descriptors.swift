#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Descriptors made close-on-exec, so no child but the one they are handed to holds them.
public enum Descriptors {
    /// A close-on-exec pipe: (read end, write end).
    public static func pipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        guard Glibc.pipe(&ends) == 0 else { throw SystemCallError("cannot make a pipe") }
        #else
        guard Darwin.pipe(&ends) == 0 else { throw SystemCallError("cannot make a pipe") }
        #endif
        // (pipe2 is not imported; a child spawned in between closes all but 0-2 anyway.)
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// A close-on-exec duplicate (NIO's pipe channel wants one fd per direction).
    public static func duplicate(_ descriptor: Int32) -> Int32 {
        fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    }
}
