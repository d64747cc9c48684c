#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import SystemCalls
import Testing

#if canImport(Glibc)
private let signalProcess = Glibc.kill
#elseif canImport(Darwin)
private let signalProcess = Darwin.kill
#endif

/// A program run as a child process, its standard output and error written to files (so a
/// chatty program never blocks on a full pipe) and read back when it ends.
///
/// Spawned with `SpawnedProcess`, with every signal unblocked and at its default, as a
/// shell starts a command: test code runs on threads that block signals, and
/// a child inherits that mask (a tmux server started that way never acts on SIGTERM and
/// never reaps its panes). Reaped with waitpid polled between short sleeps, so a running
/// child holds no thread.
///
/// ```swift
/// let output = try await ChildProcess.run("/bin/echo", ["hi"])
/// #expect(output.status == 0 && output.stdout == "hi\n")
/// ```
public final class ChildProcess: Sendable {
    /// How a child ended and what it printed.
    public struct Output: Sendable {
        /// The exit status, or nil when a signal ended the process.
        public var status: Int32?
        /// The signal that ended the process, if one did.
        public var signal: Int32?
        public var stdout: String
        public var stderr: String

        /// Whether a signal ended the process.
        public var wasKilled: Bool { signal != nil }

        /// Standard output without its final newline, split into lines.
        public var stdoutLines: [String] { Self.lines(stdout) }
        /// Standard error without its final newline, split into lines.
        public var stderrLines: [String] { Self.lines(stderr) }

        /// Standard output parsed as JSON.
        public func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        }

        public func object(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            try #require(try json() as? [String: Any], "not a JSON object: \(stdout)", sourceLocation: sourceLocation)
        }

        public func array(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
            try #require(try json() as? [[String: Any]], "not a JSON array: \(stdout)", sourceLocation: sourceLocation)
        }

        private static func lines(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast(text.hasSuffix("\n") ? 1 : 0).map(String.init)
        }
    }

    public let pid: pid_t
    /// The program and its arguments, for messages.
    public let command: [String]
    private let stdoutURL: URL
    private let stderrURL: URL
    /// A scratch folder of the child's own, removed once its output is read.
    private let scratch: URL?
    private let keepsOutput: Bool

    /// How the child ended, once reaped, and its output, once read.
    private let progress = Mutex<(ended: Ended?, output: Output?)>((nil, nil))

    private enum Ended {
        case status(Int32)
        /// Reaped elsewhere: how it ended is unknown.
        case lost
    }

    /// Starts `executable arguments…`.
    ///
    /// - Parameters:
    ///   - environment: Added to (or replacing) this process's; a nil value removes a variable.
    ///   - stdin: Sent through a pipe, which is then closed; with none, standard input is /dev/null.
    ///   - outputFolder: Where the output files go, named `label-XXXXXXXX.out` and `.err`;
    ///     by default a scratch folder removed once the output is read.
    ///   - keepsOutput: Leaves the files in `outputFolder` after they are read (for a later scan).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:], stdin: Data? = nil,
        outputFolder: URL? = nil, label: String = "child", keepsOutput: Bool = false
    ) throws {
        command = [executable] + arguments
        let name = "\(label)-\(UUID().uuidString.prefix(8))"
        if let outputFolder {
            try FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
            stdoutURL = outputFolder.appendingPathComponent("\(name).out")
            stderrURL = outputFolder.appendingPathComponent("\(name).err")
            scratch = nil
            self.keepsOutput = keepsOutput
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            stdoutURL = folder.appendingPathComponent("stdout")
            stderrURL = folder.appendingPathComponent("stderr")
            scratch = folder
            self.keepsOutput = false
        }
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        pid = try Self.spawn(
            executable, arguments, environment: variables, stdin: stdin,
            stdout: stdoutURL.path, stderr: stderrURL.path
        )
    }

    /// Runs `executable arguments…` to its end; one still running after `timeout` is killed
    /// and fails the test.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:], stdin: Data? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> Output {
        try await ChildProcess(executable, arguments, environment: environment, stdin: stdin).wait(timeout: timeout)
    }

    /// Runs a quick command to its end, blocking the thread: for clean-up where nothing can
    /// wait (a `deinit`, a `defer`). Nil when it cannot be started.
    @discardableResult
    public static func runBlocking(_ executable: String, _ arguments: [String]) -> Output? {
        guard let child = try? ChildProcess(executable, arguments) else { return nil }
        return child.waitBlocking()
    }

    /// The full path of `name` on PATH, if it is installed.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What the child has written to standard output so far.
    public var stdoutSoFar: String {
        Self.text(at: stdoutURL)
    }

    public func send(_ signal: Int32) {
        if !hasEnded { _ = signalProcess(pid, signal) }
    }

    public func kill() {
        send(SIGKILL)
    }

    /// Whether the child has ended (it is reaped as soon as it is seen to have).
    public var hasEnded: Bool {
        reap(blocking: false)
    }

    /// Waits until the child ends or `deadline` passes, whichever is first, without blocking
    /// a thread. Returns whether it has ended.
    @discardableResult
    public func waitForExit(until deadline: ContinuousClock.Instant) async -> Bool {
        var pause = Duration.milliseconds(1)
        while !reap(blocking: false) {
            let left = deadline - .now
            if left <= .zero || Task.isCancelled { return false }
            try? await Task.sleep(for: min(pause, left))
            pause = min(pause * 2, .milliseconds(8))
        }
        return true
    }

    /// Waits for the child to end and reads what it printed; a child still running after
    /// `timeout` is killed and fails the test, naming the command.
    public func wait(timeout: Duration = .seconds(60)) async -> Output {
        if !(await waitForExit(until: .now + timeout)) {
            if !Task.isCancelled {
                Issue.record("\(commandLine) still running after \(timeout): killed")
            }
            send(SIGKILL)
        }
        return waitBlocking()
    }

    /// Waits for the child to end, blocking the thread, and reads what it printed.
    public func waitBlocking() -> Output {
        _ = reap(blocking: true)
        return progress.withLock { progress in
            if let output = progress.output { return output }
            var result = Output(status: nil, signal: nil, stdout: Self.text(at: stdoutURL), stderr: Self.text(at: stderrURL))
            if case .status(let status) = progress.ended {
                switch ChildExit(waitStatus: status) {
                case .exited(let code): result.status = code
                case .signaled(let signal): result.signal = signal
                }
            }
            if let scratch {
                try? FileManager.default.removeItem(at: scratch)
            } else if !keepsOutput {
                try? FileManager.default.removeItem(at: stdoutURL)
                try? FileManager.default.removeItem(at: stderrURL)
            }
            progress.output = result
            return result
        }
    }

    /// The command as a shell would show it, for messages.
    public var commandLine: String {
        command.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    /// Reaps the child if it has ended; with `blocking`, waits for it to. Returns whether it has ended.
    private func reap(blocking: Bool) -> Bool {
        progress.withLock { progress in
            if progress.ended != nil { return true }
            var status: Int32 = 0
            while true {
                let reaped = waitpid(pid, &status, blocking ? 0 : WNOHANG)
                if reaped == pid {
                    progress.ended = .status(status)
                    return true
                }
                if reaped == 0 { return false }
                if errno == EINTR { continue }
                progress.ended = .lost
                return true
            }
        }
    }

    /// Held while a child is spawned, so no pipe end made for another is inherited meanwhile.
    private static let spawnLock = Mutex(())

    /// A file's bytes as text; bytes that are not UTF-8 show as U+FFFD rather than failing.
    private static func text(at url: URL) -> String {
        String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], stdin: Data?,
        stdout: String, stderr: String
    ) throws -> pid_t {
        try spawnLock.withLock { _ in
            var input: (read: Int32, write: Int32)?
            if stdin != nil {
                // Both ends close on exec, so no other child holds the pipe open.
                input = try Descriptors.pipe()
            }
            let spawned: Result<SpawnedProcess, SystemCallError>
            do throws(SystemCallError) {
                spawned = .success(try SpawnedProcess(
                    executable, arguments: [executable] + arguments, environment: environment.map { "\($0.key)=\($0.value)" },
                    stdin: input.map { .descriptor($0.read) } ?? .open("/dev/null", flags: O_RDONLY),
                    stdout: .open(stdout, flags: O_WRONLY | O_CREAT | O_TRUNC), stderr: .open(stderr, flags: O_WRONLY | O_CREAT | O_TRUNC)
                ))
            } catch {
                spawned = .failure(error)
            }
            if let input {
                close(input.read)
                if case .success = spawned, let stdin {
                    // Written from a thread of its own, so input larger than the pipe holds never
                    // blocks the caller; closing the pipe is the child's end of input.
                    Thread.detachNewThread {
                        // A child that stops reading makes the write fail with EPIPE; SIGPIPE stays
                        // blocked on this thread and goes with it.
                        var pipeSignal = sigset_t()
                        sigemptyset(&pipeSignal)
                        sigaddset(&pipeSignal, SIGPIPE)
                        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                        stdin.withUnsafeBytes { bytes in
                            var offset = 0
                            while offset < bytes.count {
                                let written = write(input.write, bytes.baseAddress! + offset, bytes.count - offset)
                                if written < 0 && errno == EINTR { continue }
                                if written <= 0 { break }
                                offset += written
                            }
                        }
                        close(input.write)
                    }
                } else {
                    close(input.write)
                }
            }
            switch spawned {
            case .success(let child): return child.pid
            case .failure(let error): throw error
            }
        }
    }
}
