/// Why the terminal could not start, or why it stopped early.
///
/// ```swift
/// do {
///     try await withTerminal { terminal in /* ... */ }
/// } catch let error as TerminalError {
///     print(error)           // "storefront needs a terminal: standard output is not one ..."
///     exit(error.exitCode)   // 64 for setup problems, 128 + signal after Ctrl-C and friends
/// }
/// ```
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Input or output is not a terminal (a pipe, a file); names which one.
    case notATerminal(String)
    /// Neither $TERM nor the xterm-256color fallback has a terminfo entry.
    case unknownTerminal(String)
    /// The terminal type cannot move the cursor (TERM=dumb), so no full-screen UI.
    case cannotAddressCursor(String)
    /// Another `CursesTerminal` is running in this process; ncurses has one screen state.
    case alreadyRunning
    /// SIGINT, SIGTERM or SIGHUP arrived; the terminal has been restored.
    case interrupted(signal: Int32)

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            "storefront needs a terminal: \(stream) is not one. Run it in a terminal, or use `storefront snapshot` for text output."
        case .unknownTerminal(let name):
            "unknown terminal type '\(name)': no terminfo entry for it or for xterm-256color. Set TERM to a type `infocmp` knows."
        case .cannotAddressCursor(let name):
            "terminal type '\(name)' cannot position the cursor, so a full-screen store cannot run. Set TERM, e.g. TERM=xterm-256color."
        case .alreadyRunning:
            "a terminal session is already running in this process"
        case .interrupted(let signal):
            "interrupted by signal \(signal)"
        }
    }

    /// The exit status a command-line tool should use: 64 (EX_USAGE) when the terminal
    /// cannot run the UI, 128 + the signal number after an interrupt (130 for Ctrl-C).
    public var exitCode: Int32 {
        switch self {
        case .interrupted(let signal): 128 + signal
        case .notATerminal, .unknownTerminal, .cannotAddressCursor, .alreadyRunning: 64
        }
    }
}
