#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// glibc's POSIX_SPAWN_SETSID, which Swift does not import: the child starts a new session.
private let spawnSetSID: Int32 = 0x80

/// One program started for a session, with posix_spawn (never fork, which is unsafe in a
/// threaded server): its own session, signals at their defaults, and only fds 0, 1 and 2.
///
/// ```swift
/// let terminal = try PseudoTerminalDevice(width: 80, height: 24)
/// let child = try SpawnedChild(path: "/bin/sh", arguments: ["sh"], environment: ["TERM=xterm"],
///                              stdio: .terminal(terminal.devicePath))
/// child.signal(SIGHUP)   // as a hangup would
/// ```
struct SpawnedChild: Sendable {
    enum Standard {
        /// fd 0 opened from the terminal's path (which makes it the controlling terminal of
        /// the new session), 1 and 2 copies of it.
        case terminal(String)
        /// stdin /dev/null; stdout and stderr the write ends of two pipes.
        case pipes(stdout: Int32, stderr: Int32)
    }

    let pid: pid_t

    init(path: String, arguments: [String], environment: [String], stdio: Standard) throws(SSHServeError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch stdio {
        case .terminal(let device):
            // Without O_NOCTTY: opened by a session leader, the terminal becomes its controlling one.
            posix_spawn_file_actions_addopen(&actions, 0, device, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        case .pipes(let stdout, let stderr):
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, stdout, 1)
            posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        }
        // Everything the server opens is close-on-exec; this makes sure of it.
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
        posix_spawnattr_setflags(&attributes, Int16(spawnSetSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw .unavailable("cannot start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    /// Signals the child's whole process group (it leads its own session, so pgid = pid).
    func signal(_ signal: Int32) {
        kill(-pid, signal)
    }
}

/// glibc's posix_spawn_file_actions_addclosefrom_np (2.34 and later), which Swift's Glibc
/// does not import: the child closes every fd from 3 up.
private let closeFrom3: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    #if canImport(Glibc)
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    #else
    return nil  // Darwin: the descriptors are close-on-exec (POSIX_SPAWN_CLOEXEC_DEFAULT would do the rest)
    #endif
}()

/// A new pseudo-terminal: the server keeps the controller side (close-on-exec); the child
/// opens the device by its path, and the server's copy of the device is closed once the
/// child has started (`closeDevice()`).
///
/// ```swift
/// let terminal = try PseudoTerminalDevice(width: 80, height: 24)
/// terminal.resize(width: 100, height: 30)   // the child gets SIGWINCH
/// ```
struct PseudoTerminalDevice {
    let controller: Int32
    private let device: Int32
    let devicePath: String

    init(width: Int, height: Int) throws(SSHServeError) {
        var controller: Int32 = -1
        var device: Int32 = -1
        var name = [CChar](repeating: 0, count: 4096)
        var size = winsize(ws_row: UInt16(clamping: height), ws_col: UInt16(clamping: width), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controller, &device, &name, nil, &size) == 0 else {
            throw .unavailable("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
        _ = fcntl(device, F_SETFD, FD_CLOEXEC)
        self.controller = controller
        self.device = device
        devicePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        Self.disableSuspend(device)
    }

    /// Once the child holds the device, the server lets go of it: the child's end is the last.
    func closeDevice() {
        close(device)
    }

    /// TIOCSWINSZ; the kernel sends SIGWINCH to the terminal's foreground process group.
    func resize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(clamping: height), ws_col: UInt16(clamping: width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// Ctrl-Z is a plain key here: nothing in a session may be stopped, and the store has
    /// no shell to return to.
    private static func disableSuspend(_ device: Int32) {
        var modes = termios()
        guard tcgetattr(device, &modes) == 0 else { return }
        withUnsafeMutableBytes(of: &modes.c_cc) { $0[Int(VSUSP)] = 0 }
        tcsetattr(device, TCSANOW, &modes)
    }
}

/// A close-on-exec pipe: (read end, write end).
func closeOnExecPipe() throws(SSHServeError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw .unavailable("cannot make a pipe: \(String(cString: strerror(errno)))") }
    // (pipe2 is not imported; a child spawned in between closes all but 0-2 anyway.)
    ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
}

/// A close-on-exec duplicate, for NIO's pipe channel, which wants one fd per direction.
func closeOnExecDuplicate(_ descriptor: Int32) -> Int32 {
    fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
}
