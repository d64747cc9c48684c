import TerminalUI

/// Runs `body` with a started terminal and restores the terminal (endwin) however
/// `body` ends: by returning, by throwing (the error is rethrown after the restore), or
/// by a SIGINT/SIGTERM/SIGHUP, which `readKey` turns into `TerminalError.interrupted`.
///
/// Errors while starting are `TerminalError`s with a message for the user and an exit
/// code: for example standard output is not a terminal (64).
///
/// ```swift
/// try await withTerminal { terminal in
///     var frame = Buffer(width: terminal.area.width, height: terminal.area.height)
///     frame.write("Press any key", x: 0, y: 0)
///     terminal.draw(frame)
///     while try terminal.readKey(timeout: .milliseconds(50)) == nil {}
/// }
/// ```
public func withTerminal<Result>(
    _ options: CursesTerminal.Options = CursesTerminal.Options(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (CursesTerminal) async throws -> Result
) async throws -> Result {
    let terminal = try CursesTerminal(options: options)
    defer { terminal.stop() }
    return try await body(terminal)
}
