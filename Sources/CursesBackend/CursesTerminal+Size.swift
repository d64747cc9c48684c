import CNcursesw
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalUI

/// ncurses keeps three cells for every column and row of the screen, so the size it is
/// given is held to `TerminalSize.largest`, whatever the terminal reports (65535x65535 is
/// a valid window size, and past 32767 ncurses's own counts overflow): the store then
/// draws in the top-left 1000x1000 of a larger window.
extension CursesTerminal {
    /// The window size of `descriptor` within `TerminalSize.largest`, and whether it was cut.
    static func boundedWindowSize(of descriptor: Int32) -> (size: TerminalSize, clamped: Bool)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        let reported = TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
        return (reported.bounded, reported.bounded != reported)
    }

    /// Runs `newterm` (in `body`) with LINES and COLUMNS set to the bounded size when the
    /// terminal's is too large (ncurses prefers them to the window size), then puts them back.
    static func withBoundedStartSize<T>(output: Int32, _ body: () -> T) -> T {
        guard let (size, clamped) = boundedWindowSize(of: output), clamped else { return body() }
        let names: [String] = ["LINES", "COLUMNS"]
        let saved = names.map { name in (name, getenv(name).map { String(cString: $0) }) }
        setenv("LINES", "\(size.height)", 1)
        setenv("COLUMNS", "\(size.width)", 1)
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        return body()
    }

    /// Runs `newterm` (in `body`) and then gives SIGWINCH back the action it had before:
    /// ncurses's own handler would resize its screen to whatever the terminal reports before
    /// the store can bound it. `readKey` asks for the size on every read instead.
    static func withoutCursesWindowChangeHandler<T>(_ body: () -> T) -> T {
        var before = sigaction()
        sigaction(SIGWINCH, nil, &before)
        defer { sigaction(SIGWINCH, &before, nil) }
        return body()
    }
}
