import CursesBackend
import Testing
import TerminalUI

extension TerminalSessionTests {
    /// A terminal may report up to 65535x65535; ncurses keeps cells for each, and past 32767
    /// its counts overflow (it used to fail as an "unknown terminal type"). The screen is
    /// held to `TerminalSize.largest` from the start and on every resize.
    @Suite("A huge terminal")
    struct HugeTerminalTests {
        private func options(_ pty: PseudoTerminal) -> CursesTerminal.Options {
            CursesTerminal.Options(input: pty.device, output: pty.device, terminalType: "xterm-256color", handlesSignals: false)
        }

        @Test("A terminal of 40000x40000 starts at 1000x1000")
        func startsBounded() async throws {
            let pty = try PseudoTerminal(width: 40000, height: 40000)
            try await withTerminal(options(pty)) { terminal in
                #expect(terminal.area == Rect(x: 0, y: 0, width: 1000, height: 1000))
                terminal.draw(Buffer(lines: ["Tip Jar"]))
            }
        }

        @Test("A resize to 5000x5000 is reported, and kept, as 1000x1000")
        func resizesBounded() async throws {
            let pty = try PseudoTerminal(width: 40, height: 10)
            try await withTerminal(options(pty)) { terminal in
                pty.resize(width: 5000, height: 5000)
                let huge = try terminal.readKey(timeout: .milliseconds(20))
                #expect(huge == .resize(width: 1000, height: 1000))
                #expect(terminal.area == Rect(x: 0, y: 0, width: 1000, height: 1000))
                pty.resize(width: 120, height: 40)
                let smaller = try terminal.readKey(timeout: .milliseconds(20))
                #expect(smaller == .resize(width: 120, height: 40))
            }
        }
    }
}
