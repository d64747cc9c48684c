#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// Runs a program to its end and collects what it printed, through files so a chatty
/// program never blocks on a full pipe.
///
/// Spawned with posix_spawn, with every signal unblocked and the usual ones at their
/// defaults: test code runs on threads that block signals, and a child inherits that
/// mask. A tmux server started that way never acts on SIGTERM (`kill-server` does
/// nothing) and never reaps its panes. Reaped with waitpid polled between short sleeps,
/// so a running command holds no thread.
enum Command {
    static func run(_ executable: String, _ arguments: [String]) async throws -> StorefrontBinary.Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stdout = folder.appendingPathComponent("stdout").path
        let stderr = folder.appendingPathComponent("stderr").path
        let pid = try spawn(executable, arguments, stdout: stdout, stderr: stderr)
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            try #require(reaped == 0 || errno == EINTR, "waitpid failed for \(executable)")
            try await Task.sleep(for: .milliseconds(5))
        }
        // Exit status, or 128 + the signal that ended it, as a shell reports it.
        let signal = status & 0x7F
        return StorefrontBinary.Output(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
            stdout: try String(contentsOfFile: stdout, encoding: .utf8),
            stderr: try String(contentsOfFile: stderr, encoding: .utf8)
        )
    }

    /// Runs a quick command to its end, blocking, ignoring what it prints: for clean-up
    /// where nothing can wait (a deinit).
    static func runBlocking(_ executable: String, _ arguments: [String]) {
        guard let pid = try? spawn(executable, arguments, stdout: "/dev/null", stderr: "/dev/null") else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }

    private static func spawn(_ executable: String, _ arguments: [String], stdout: String, stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        try #require(spawned == 0, "cannot run \(executable): \(String(cString: strerror(spawned)))")
        return pid
    }

    /// The full path of `name` on PATH, if it is installed.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
