import CursesBackend
import TerminalUI

/// Figure 2, bytes to the terminal: the scenario's frames drawn by the real
/// `CursesTerminal` (ncurses through newterm) on a pseudo-terminal at 80x24, counting
/// what arrives on the controller side, where a terminal emulator reads. The naive
/// backend is the same ncurses told to clear and repaint everything before each frame
/// (`invalidate()`: clearok), the way a renderer without a diff works.
enum BytesBench {
    /// Bytes written for each step of the scenario, in order.
    struct Counts {
        let steps: [(phase: TerminalScenario.Phase, bytes: Int, scrolled: Bool)]
        /// What starting the terminal wrote before the first frame (modes, alternate screen).
        let setup: Int

        func bytes(in phase: TerminalScenario.Phase) -> [Int] {
            steps.filter { $0.phase == phase }.map(\.bytes)
        }

        /// Bytes per move, median; `scrolled` picks moves that scrolled the list or not.
        func moveMedian(scrolled: Bool? = nil) -> Double {
            let moves = steps.filter { $0.phase == .move && (scrolled == nil || $0.scrolled == scrolled) }
            return Samples(moves.map { Double($0.bytes) }).median
        }
    }

    @MainActor
    static func run(_ scenario: TerminalScenario, naive: Bool) throws -> Counts {
        let pty = try PseudoTerminal(width: TerminalScenario.size.width, height: TerminalScenario.size.height)
        let terminal = try CursesTerminal(options: .init(
            input: pty.device, output: pty.device, terminalType: "xterm-256color",
            color: true, mouse: true, handlesSignals: false
        ))
        defer { terminal.stop() }
        let setup = pty.readOutput(quiet: .milliseconds(100)).count
        var counts: [(TerminalScenario.Phase, Int, Bool)] = []
        var previousTopRow: String?
        for (index, step) in scenario.steps.enumerated() {
            if naive { terminal.invalidate() }
            terminal.draw(step.buffer, cursor: step.cursor)
            // Output reaches the controller asynchronously: wait longer at the end of a
            // phase so nothing spills into the next one (the idle second above all).
            let lastOfPhase = index + 1 == scenario.steps.count || scenario.steps[index + 1].phase != step.phase
            let bytes = pty.readOutput(quiet: .milliseconds(lastOfPhase ? 150 : 5)).count
            let topRow = step.buffer.textLines().dropFirst(1).first  // the first list row
            counts.append((step.phase, bytes, previousTopRow != nil && topRow != previousTopRow))
            previousTopRow = topRow
        }
        return Counts(steps: counts.map { (phase: $0.0, bytes: $0.1, scrolled: $0.2) }, setup: setup)
    }
}
