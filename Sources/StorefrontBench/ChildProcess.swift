import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCalls

/// A benchmark step that could not run, with what and where.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A process started with `SpawnedProcess` (no shell, no Foundation `Process` overhead in the
/// timings), its standard streams on descriptors the caller chose, reaped by the bench itself.
///
/// ```swift
/// let null = open("/dev/null", O_WRONLY)
/// let child = try ChildProcess("/bin/true", [], input: null, output: null, error: null)
/// child.waitForExit()  // 0
/// ```
struct ChildProcess {
    let pid: pid_t

    /// Starts `executable` with `arguments`; `input`, `output` and `error` become its
    /// descriptors 0, 1 and 2. `environment` replaces this process's environment when given.
    init(
        _ executable: String, _ arguments: [String],
        input: Int32, output: Int32, error: Int32,
        environment: [String: String]? = nil
    ) throws {
        let environment = environment ?? ProcessInfo.processInfo.environment
        do {
            pid = try SpawnedProcess(
                executable, arguments: [executable] + arguments, environment: environment.map { "\($0.key)=\($0.value)" },
                stdin: .descriptor(input), stdout: .descriptor(output), stderr: .descriptor(error)
            ).pid
        } catch {
            throw BenchError(error.description)
        }
    }

    /// Waits for the process to end: its exit status, or 128 + the signal that ended it.
    @discardableResult
    func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return ChildExit(waitStatus: status).status
    }

    /// Waits up to `limit` for the process to end: its status as `waitForExit()` gives it,
    /// or nil when it is still running.
    func waitForExit(within limit: Duration) -> Int32? {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var status: Int32 = 0
        repeat {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return ChildExit(waitStatus: status).status }
            if reaped < 0 && errno != EINTR { return -1 }
            usleep(5_000)
        } while ContinuousClock.now < deadline
        return nil
    }

    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Runs `executable` to the end with its output in the file at `outputPath` (created or
    /// truncated; /dev/null to discard); throws when it exits with a failure.
    static func run(_ executable: String, _ arguments: [String], outputPath: String) throws {
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard output >= 0 else { throw BenchError("cannot write \(outputPath): \(String(cString: strerror(errno)))") }
        defer { close(output) }
        let child = try ChildProcess(executable, arguments, input: STDIN_FILENO, output: output, error: STDERR_FILENO)
        let status = child.waitForExit()
        guard status == 0 else {
            throw BenchError("\(executable) \(arguments.joined(separator: " ")) exited with status \(status)")
        }
    }
}
