#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// glibc's POSIX_SPAWN_SETSID, which Swift does not import: the child starts a new session.
private let spawnSetSID: Int32 = 0x80

/// A program started with `posix_spawn` (never fork, which is unsafe in a threaded process),
/// as a shell starts a command: every signal at its default and none blocked (a child
/// inherits the mask of the thread that spawned it, and test and server threads block some),
/// and no descriptor but 0, 1 and 2. The one wrapper of posix_spawn: the SSH server, the
/// benchmarks and the tests all start children here.
///
/// ```swift
/// let child = try SpawnedProcess(
///     "/bin/echo", arguments: ["echo", "hi"], environment: ["LANG=C.UTF-8"],
///     stdin: .open("/dev/null", flags: O_RDONLY), stdout: .descriptor(pipeWriteEnd), stderr: .descriptor(2))
/// waitpid(child.pid, &status, 0)   // ChildExit(waitStatus: status): .exited(0)
/// ```
public struct SpawnedProcess: Sendable {
    /// Where one of the child's standard descriptors comes from.
    public enum Stream: Sendable {
        /// A copy of one of this process's descriptors (or of the child's 0 or 1, set before).
        case descriptor(Int32)
        /// A file the child opens: O_CREAT files get `mode`. A terminal's path opened without
        /// O_NOCTTY by a new session's leader becomes its controlling terminal.
        case open(String, flags: Int32, mode: mode_t = 0o600)
    }

    public let pid: pid_t

    /// Starts `path` with `arguments` (the first is the program's name, as `argv[0]`) and
    /// `environment` (`NAME=value` strings). With `newSession`, the child leads a session
    /// and a process group of its own (so `signalGroup` reaches everything it starts). The
    /// caller reaps it (waitpid).
    public init(
        _ path: String, arguments: [String], environment: [String],
        stdin: Stream, stdout: Stream, stderr: Stream, newSession: Bool = false
    ) throws(SystemCallError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, target)
            case .open(let file, let flags, let mode): posix_spawn_file_actions_addopen(&actions, target, file, flags, mode)
            }
        }
        _ = closeFrom3?(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        let flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | (newSession ? spawnSetSID : 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SystemCallError("cannot start \(path)", code: result) }
        self.pid = pid
    }

    /// Sends `number` to the child's whole process group (for a `newSession` child).
    public func signalGroup(_ number: Int32) {
        kill(-pid, number)
    }
}

/// How a child ended: an exit status, or the signal that killed it.
public enum ChildExit: Sendable, Equatable {
    case exited(Int32)
    case signaled(Int32)

    /// The status a shell would report: the code, or 128 + the signal.
    public var status: Int32 {
        switch self {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }

    /// Decodes waitpid's status (WIFEXITED and friends are macros Swift cannot import).
    public init(waitStatus: Int32) {
        let signal = waitStatus & 0x7F
        self = signal == 0 ? .exited((waitStatus >> 8) & 0xFF) : .signaled(signal)
    }
}

/// glibc's posix_spawn_file_actions_addclosefrom_np (2.34 and later), which Swift's Glibc
/// does not import: the child closes every fd from 3 up, whatever was opened without
/// close-on-exec by another thread meanwhile.
private let closeFrom3: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    #if canImport(Glibc)
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    #else
    return nil  // Darwin: callers open their descriptors close-on-exec
    #endif
}()
