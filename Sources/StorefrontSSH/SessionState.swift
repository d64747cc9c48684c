import NIOCore
import SystemCalls

/// Where a session channel is in its life. `SessionHandler` moves it only forwards:
///
/// ```
/// authenticated ──pty-req──▶ ptyGranted
///       └──────┬───────────────┘
///        shell/exec ──▶ childRunning ──end (idle, limit, hangup, store closed)──▶ draining ──▶ closed
///              │                     └──child exited───────────────────────────▶ draining
///              └──refused (full, no-pty, launch refused, spawn failed)──────────────────────▶ closed
/// ```
enum SessionState {
    /// Signed in; collecting `env` and `window-change` before a shell or exec.
    case authenticated
    /// A terminal was granted (`pty-req`): a shell runs on one of `terminalType`.
    case ptyGranted(terminalType: String)
    /// The child runs and bytes flow both ways.
    case childRunning(RunningChild)
    /// The child was told to end or has ended; its last output goes to the client, then the
    /// reason and the exit status.
    case draining(RunningChild)
    /// The exit status was sent (or the session refused) and the channel is closing.
    case closed

    /// Before a shell or exec: requests still shape what will start.
    var isCollecting: Bool {
        switch self {
        case .authenticated, .ptyGranted: true
        default: false
        }
    }

    /// The terminal granted, if any (nil: the server's lines go to stderr).
    var terminalType: String? {
        switch self {
        case .ptyGranted(let type): type
        case .childRunning(let running), .draining(let running): running.terminalType
        default: nil
        }
    }

    /// The child, while it runs or drains.
    var child: RunningChild? {
        switch self {
        case .childRunning(let running), .draining(let running): running
        default: nil
        }
    }
}

/// A started child and what the session knows of it (a class: the state enum's payload
/// changes in place as events arrive, all on the session's event loop).
final class RunningChild {
    let child: any SessionChild
    let terminalType: String?
    /// A shell (on a terminal, reading keystrokes) rather than an exec.
    let shell: Bool
    var lastKeystroke: NIODeadline
    /// Whether it has written anything (a storefront that has drawn handles SIGUSR1).
    var hasWritten = false
    var outputsOpen = true
    var exit: ChildExit?
    /// Shown once the child has gone: why the server ended it.
    var endReason: String?
    var closing = ClosingNotice.none

    init(child: any SessionChild, terminalType: String?, shell: Bool, startedAt now: NIODeadline) {
        self.child = child
        self.terminalType = terminalType
        self.shell = shell
        lastKeystroke = now
    }
}

/// The store's closing, as one session has heard of it.
enum ClosingNotice {
    case none
    /// The store is closing; the storefront is told once it has drawn.
    case announced
    /// The storefront was signalled (SIGUSR1) and counts the drain down itself.
    case told
}
