#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCalls

extension SpawnedProcess {
    /// Starts a session's program in a session of its own, its standard streams as `stdio` says.
    ///
    /// ```swift
    /// let terminal = try PseudoTerminalDevice(width: 80, height: 24)
    /// let child = try SpawnedProcess(session: "/bin/sh", arguments: ["sh"], environment: ["TERM=xterm"],
    ///                                stdio: .terminal(terminal.devicePath))
    /// child.signalGroup(SIGHUP)   // as a hangup would
    /// ```
    init(session path: String, arguments: [String], environment: [String], stdio: SessionStdio) throws(SSHServeError) {
        let streams: (SpawnedProcess.Stream, SpawnedProcess.Stream, SpawnedProcess.Stream)
        switch stdio {
        case .terminal(let device):
            // Without O_NOCTTY: opened by a session leader, the terminal becomes its controlling one.
            streams = (.open(device, flags: O_RDWR), .descriptor(0), .descriptor(0))
        case .pipes(let stdout, let stderr):
            streams = (.open("/dev/null", flags: O_RDONLY), .descriptor(stdout), .descriptor(stderr))
        }
        do {
            try self.init(
                path, arguments: arguments, environment: environment,
                stdin: streams.0, stdout: streams.1, stderr: streams.2, newSession: true
            )
        } catch {
            throw .unavailable(error.description)
        }
    }
}

/// A session child's standard streams.
enum SessionStdio {
    /// fd 0 opened from the terminal's path (which makes it the controlling terminal of
    /// the new session), 1 and 2 copies of it.
    case terminal(String)
    /// stdin /dev/null; stdout and stderr the write ends of two pipes.
    case pipes(stdout: Int32, stderr: Int32)
}

/// A session's pseudo-terminal: the server keeps the controller side; the child opens the
/// device by its path, and the server's copy of the device is closed once the child has
/// started (`closeDevice()`). Ctrl-Z is a plain key on it.
///
/// ```swift
/// let terminal = try PseudoTerminalDevice(width: 80, height: 24)
/// terminal.resize(width: 100, height: 30)   // the child gets SIGWINCH
/// ```
struct PseudoTerminalDevice {
    private let pair: PseudoTerminalPair
    var controller: Int32 { pair.controller }
    var devicePath: String { pair.devicePath }

    init(width: Int, height: Int) throws(SSHServeError) {
        do {
            pair = try PseudoTerminalPair(width: width, height: height)
        } catch {
            throw .unavailable(error.description)
        }
        Self.disableSuspend(pair.device)
    }

    /// Once the child holds the device, the server lets go of it: the child's end is the last.
    func closeDevice() {
        close(pair.device)
    }

    func resize(width: Int, height: Int) {
        pair.resize(width: width, height: height)
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
