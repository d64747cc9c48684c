#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe that ends a wait for a key early: `CursesTerminal.readKey(timeout:wakingOn:)`
/// returns as soon as `wake()` is called from any thread, so what the store or an effect
/// changed is drawn at once instead of after the rest of the key timeout.
///
/// ```swift
/// let wakePipe = WakePipe()  // nil only when out of file descriptors: wait the whole timeout
/// Task { await storeChanged(); wakePipe?.wake() }
/// let key = try terminal.readKey(timeout: .milliseconds(50), wakingOn: wakePipe)
/// ```
public final class WakePipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    public init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Ends the current (or next) wait. A full pipe already holds a wake-up, so a write
    /// that would block is dropped.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe, so one wake-up ends one wait.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}
