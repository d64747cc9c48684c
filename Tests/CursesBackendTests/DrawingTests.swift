import CursesBackend
import Testing
import TerminalUI

extension TerminalSessionTests {
    @Suite("Drawing")
    struct DrawingTests {
        @Test("The first frame puts every line of the buffer on screen")
        func firstFrame() throws {
            let session = try TerminalSession(width: 40, height: 10)
            var frame = session.frame()
            frame.write("Backyard Birds", x: 0, y: 0, style: Style(.bold))
            frame.write("Nutritious Birdseed  $4.99", x: 2, y: 3)
            frame.write("q quit", x: 0, y: 9)
            let result = session.draw(frame)
            #expect(result.cells == 40 * 10)
            #expect(result.bytes > 0)
            #expect(session.screen.textLines() == frame.textLines())
            #expect(session.screen.cell(x: 0, y: 0).style == Style(.bold))
            #expect(session.screen.unknown.isEmpty)
        }

        @Test("An unchanged frame writes zero bytes")
        func idleFrame() throws {
            let session = try TerminalSession()
            var frame = session.frame()
            frame.write("Tip Jar  ￥120", x: 1, y: 1)
            session.draw(frame, cursor: Position(x: 1, y: 1))
            let idle = session.draw(frame, cursor: Position(x: 1, y: 1))
            #expect(idle.cells == 0)
            #expect(idle.bytes == 0)
        }

        @Test("Changing one cell writes a few bytes")
        func oneCell() throws {
            let session = try TerminalSession(width: 80, height: 24)
            var frame = session.frame()
            frame.write("Birdseed  $4.99", x: 2, y: 5)
            session.draw(frame)
            frame.write("8", x: 15, y: 5)
            let change = session.draw(frame)
            #expect(change.cells == 1)
            #expect(change.bytes < 20)
            #expect(session.screen.textLines()[5] == frame.textLines()[5])
        }

        @Test("Moving the selection down one row writes under 200 bytes")
        func selectionMove() throws {
            let session = try TerminalSession(width: 80, height: 24)
            let names = ["Nutritious Birdseed", "Bird Bath", "Premium Feeder", "鳥の餌セット", "Backyard Birds Pass"]
            func frame(selected: Int) -> Buffer {
                var frame = session.frame()
                for (row, name) in names.enumerated() {
                    frame.write("  " + name.padded(toWidth: 30) + "$4.99", x: 0, y: row + 2)
                }
                frame.applyStyle(Style(.reverse), to: Rect(x: 0, y: selected + 2, width: 80, height: 1))
                return frame
            }
            session.draw(frame(selected: 0), cursor: Position(x: 0, y: 2))
            let move = session.draw(frame(selected: 1), cursor: Position(x: 0, y: 3))
            #expect(move.bytes < 200)
            #expect(session.screen.cell(x: 10, y: 3).style == Style(.reverse))
            #expect(session.screen.cell(x: 10, y: 2).style == .plain)
            #expect(session.screen.textLines() == frame(selected: 1).textLines())
        }

        @Test("CJK, full-width yen and emoji land in the columns display width predicts")
        func wideCharacters() throws {
            let session = try TerminalSession(width: 30, height: 4)
            var frame = session.frame()
            frame.write("鳥の餌 ￥300|", x: 2, y: 0)
            frame.write("🐦 Tweet|", x: 0, y: 1)
            frame.write("Café Привет|", x: 0, y: 2)
            frame.write("end", x: 28, y: 3)
            frame.write("中", x: 27, y: 3)
            session.draw(frame)
            #expect(session.screen.textLines() == frame.textLines())
            #expect(session.screen.cell(x: 2, y: 0).text == "鳥")
            #expect(session.screen.cell(x: 6, y: 0).text == "餌")
            #expect(session.screen.cell(x: 9, y: 0).text == "￥")
            #expect(session.screen.cell(x: 14, y: 0).text == "|")
            #expect(session.screen.cell(x: 8, y: 1).text == "|")
            #expect(session.screen.cell(x: 11, y: 2).text == "|")
        }

        @Test("Replacing wide characters with narrow ones leaves no stale halves")
        func wideToNarrow() throws {
            let session = try TerminalSession(width: 20, height: 2)
            var frame = session.frame()
            frame.write("鳥の餌セット", x: 0, y: 0)
            session.draw(frame)
            frame.write("Bird seed!", x: 1, y: 0)
            session.draw(frame)
            #expect(session.screen.textLines() == frame.textLines())
        }

        @Test("Colours reach the terminal as the palette's colours; without colour only attributes do")
        func colors() throws {
            var frame = Buffer(width: 20, height: 2)
            frame.write("Subscribed", x: 0, y: 0, style: Style(.bold, foreground: .green))
            frame.write("Failed", x: 0, y: 1, style: Style(foreground: .red, background: .yellow))
            let colored = try TerminalSession(width: 20, height: 2)
            colored.draw(frame)
            #expect(colored.screen.cell(x: 0, y: 0).style == Style(.bold, foreground: .green))
            #expect(colored.screen.cell(x: 5, y: 1).style == Style(foreground: .red, background: .yellow))
            colored.terminal.stop()

            let plain = try TerminalSession(width: 20, height: 2, color: false)
            plain.draw(frame)
            #expect(plain.screen.cell(x: 0, y: 0).style == Style(.bold))
            #expect(plain.screen.cell(x: 5, y: 1).style == .plain)
        }

        @Test("The hardware cursor is shown on the focused cell and hidden without one")
        func cursor() throws {
            let session = try TerminalSession()
            var frame = session.frame()
            frame.write("> Bird Bath", x: 0, y: 4)
            session.draw(frame, cursor: Position(x: 2, y: 4))
            #expect(session.screen.cursorVisible)
            #expect(session.screen.cursorX == 2 && session.screen.cursorY == 4)
            let move = session.draw(frame, cursor: Position(x: 2, y: 5))
            #expect(move.cells == 0 && move.bytes > 0)
            #expect(session.screen.cursorY == 5)
            session.draw(frame, cursor: nil)
            #expect(!session.screen.cursorVisible)
        }

        @Test("A full 80x24 frame of text costs a few kilobytes")
        func fullFrame() throws {
            let session = try TerminalSession(width: 80, height: 24)
            var frame = session.frame()
            for row in 0..<24 {
                frame.write(String(repeating: "Birdseed ￥300 ", count: 6), x: 0, y: row)
            }
            let full = session.draw(frame)
            #expect(full.bytes < 3 * 80 * 24)
            #expect(session.screen.textLines() == frame.textLines())
        }
    }
}
