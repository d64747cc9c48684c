import CursesBackend
import Testing
import TerminalUI

extension TerminalSessionTests {
    /// The widths a terminal reports for the clusters it is asked about, and a frame laid
    /// out with them. 👋🏾 and 🧑🏿 are used by no other test: the measurements are the
    /// process's.
    @Suite("Measuring the terminal's widths")
    struct MeasuredWidthTests {
        @Test("A terminal's cursor reports become the widths; one that answers nothing leaves the table, within the timeout")
        func reports() throws {
            let session = try TerminalSession(width: 20, height: 4)
            // The terminal's answers, already waiting: 👋🏾 four columns, 🧑🏿 three, then the
            // device attributes that end the wait.
            session.pty.type("\u{1B}[1;5R\u{1B}[1;4R\u{1B}[?62;22c")
            let widths = session.terminal.measureWidths(of: ["👋🏾", "🧑🏿"])
            #expect(widths == ["👋🏾": 4, "🧑🏿": 3])
            let question = String(decoding: session.pty.readOutput(), as: UTF8.self)
            #expect(question.contains("👋🏾\u{1B}[6n") && question.contains("🧑🏿\u{1B}[6n") && question.hasSuffix("\u{1B}[c"))

            let clock = ContinuousClock()
            let start = clock.now
            #expect(session.terminal.measureWidths(of: ["👋🏾"], timeout: .milliseconds(300)).isEmpty)
            #expect(clock.now - start < .milliseconds(600))
        }

        /// ncurses keeps stand-ins as wide as the terminal draws the cluster, so what follows
        /// it is written where the terminal's cursor really is.
        @Test("A cluster measured four columns wide takes four, and the text after it is whole")
        func measuredLayout() throws {
            TerminalWidths.record(["👋🏾": 4])
            defer { TerminalWidths.reset() }
            let session = try TerminalSession(width: 20, height: 2)
            var frame = session.frame()
            frame.write("A👋🏾 Tip $1", x: 0, y: 0)
            session.draw(frame)
            #expect(session.screen.cell(x: 1, y: 0).text == "👋")
            #expect(session.screen.textLines()[0].hasPrefix("A👋🏾 Tip $1"))
            #expect(session.screen.cell(x: 5, y: 0).text == " ")
            #expect(session.screen.cell(x: 6, y: 0).text == "T")
            #expect(session.screen.cell(x: 10, y: 0).text == "$")
        }
    }
}
