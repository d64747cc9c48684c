import NIOCore
import NIOSSH

/// A session's running program as the session sees it: signals, its terminal's size, and
/// the byte pump's two valves. `SpawnedSessionChild` is the real one; what the child writes,
/// and how it ends, come back to the session's handler on its event loop.
protocol SessionChild: AnyObject {
    /// Signals the child's process group.
    func signal(_ number: Int32)
    /// Sets a terminal child's window size (it gets SIGWINCH); nothing for an exec's pipes.
    func resize(_ size: WindowSize)
    /// The customer's keystrokes, to a terminal child's input. Returns whether it takes more
    /// at once; when not, `SessionHandler.childInputWritabilityChanged(true)` says when it does.
    func write(_ bytes: ByteBuffer) -> Bool
    /// Whether the child's output is read (off while the client's window is full).
    func setReading(_ reading: Bool)
    /// Lets go of the child's output and input (the client went away).
    func closeOutputs()
}

/// What a session starts: the program, its arguments and environment, on a terminal of
/// `window`'s size or (nil) on pipes.
struct ChildLaunch {
    var executable: String
    var arguments: [String]
    var environment: [String]
    var window: WindowSize?
}

/// Starts a session's child, its events bound for `session`.
typealias SessionChildLauncher = (ChildLaunch, NIOLoopBound<SessionHandler>) throws(SSHServeError) -> any SessionChild
