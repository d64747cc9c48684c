import CursesBackend
import TerminalUI

/// A `CursesTerminal` on a pseudo-terminal, with a screen model fed from its output.
final class TerminalSession {
    let pty: PseudoTerminal
    let terminal: CursesTerminal
    private(set) var screen: ScreenModel
    /// The bytes the last `draw` wrote.
    private(set) var lastOutput: [UInt8] = []

    /// `joinsClusters`: the screen model joins grapheme clusters as some terminals do (see
    /// `ScreenModel`).
    init(width: Int = 40, height: Int = 10, color: Bool = true, handlesSignals: Bool = false, joinsClusters: Bool = false) throws {
        pty = try PseudoTerminal(width: width, height: height)
        terminal = try CursesTerminal(options: .init(
            input: pty.device,
            output: pty.device,
            terminalType: "xterm-256color",
            color: color,
            handlesSignals: handlesSignals
        ))
        screen = ScreenModel(width: width, height: height, joinsClusters: joinsClusters)
    }

    deinit {
        terminal.stop()
    }

    /// Draws a frame and returns how many cells the backend wrote and how many bytes
    /// reached the terminal.
    @discardableResult
    func draw(_ buffer: Buffer, cursor: Position? = nil) -> (cells: Int, bytes: Int) {
        let cells = terminal.draw(buffer, cursor: cursor)
        let output = pty.readOutput()
        lastOutput = output
        screen.feed(output)
        return (cells, output.count)
    }

    /// Types `bytes` and returns the first key the terminal reports.
    func key(after bytes: String) throws -> Key? {
        pty.type(bytes)
        return try terminal.readKey(timeout: .seconds(2))
    }

    /// An empty frame the size of the terminal.
    func frame() -> Buffer {
        Buffer(width: terminal.area.width, height: terminal.area.height)
    }
}
