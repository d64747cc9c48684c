import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A benchmark step that could not run, with what and where.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A process started with `posix_spawn` (no shell, no Foundation `Process` overhead in the
/// timings), its standard streams on descriptors the caller chose.
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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (source, target) in [(input, Int32(0)), (output, 1), (error, 2)] {
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard status == 0 else {
            throw BenchError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    /// Waits for the process to end: its exit status, or 128 + the signal that ended it.
    @discardableResult
    func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Self.exitCode(status)
    }

    /// A wait status as a shell shows it: the exit status, or 128 + the ending signal.
    private static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits up to `limit` for the process to end: its status as `waitForExit()` gives it,
    /// or nil when it is still running.
    func waitForExit(within limit: Duration) -> Int32? {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var status: Int32 = 0
        repeat {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return Self.exitCode(status) }
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
