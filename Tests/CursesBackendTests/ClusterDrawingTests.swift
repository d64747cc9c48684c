import CursesBackend
import Testing
import TerminalUI

extension TerminalSessionTests {
    /// Grapheme clusters a `cchar_t` cannot hold (CCHARW_MAX is 5 on ncurses 6.4, and
    /// setcchar keeps only one spacing character) reach the terminal whole.
    @Suite("Drawing emoji sequences")
    struct ClusterDrawingTests {
        /// Skin tone (2 spacing code points), emoji presentation (VS16), keycap (3 code
        /// points), ZWJ families of 5 and 7 code points, a flag, a decomposed accent.
        static let clusters = ["👍🏽", "❤️", "1️⃣", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "🇯🇵", "e\u{301}"]

        static func frame(_ session: TerminalSession, style: Style = .plain) -> Buffer {
            var frame = session.frame()
            for (row, cluster) in clusters.enumerated() {
                frame.write("A" + cluster + "|end", x: 2, y: row, style: style)
            }
            return frame
        }

        static func expectEveryClusterWhole(in output: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
            for cluster in clusters {
                let whole = output.contains(Array(cluster.utf8))
                let scalars = cluster.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                #expect(whole, "\(scalars) was not written whole", sourceLocation: sourceLocation)
            }
        }

        @Test("Each cluster's bytes are written together, and it takes the columns display width gives it")
        func wholeClusters() throws {
            let session = try TerminalSession(width: 20, height: 8, joinsClusters: true)
            let frame = Self.frame(session, style: Style(.bold, foreground: .green))
            session.draw(frame, cursor: Position(x: 0, y: 7))
            Self.expectEveryClusterWhole(in: session.lastOutput)
            #expect(session.screen.textLines() == frame.textLines())
            for (row, cluster) in Self.clusters.enumerated() {
                #expect(session.screen.cell(x: 3, y: row).text == cluster)
                #expect(session.screen.cell(x: 3, y: row).style == Style(.bold, foreground: .green))
                #expect(session.screen.cell(x: 3 + displayWidth(of: cluster), y: row).text == "|")
            }
            #expect(session.screen.cursorX == 0 && session.screen.cursorY == 7)
            #expect(session.screen.unknown.isEmpty)
            #expect(session.draw(frame, cursor: Position(x: 0, y: 7)).bytes == 0)
        }

        /// tmux 3.3 (and xterm) measure each code point: 👍 then 🏽 take four columns, two
        /// more than the snapshot gives the cluster. The columns it covers are lost, but the
        /// text after them is where it belongs: each cluster is addressed on its own.
        @Test("On a terminal that draws a cluster wider, nothing after it shifts")
        func widerTerminal() throws {
            let session = try TerminalSession(width: 20, height: 2)
            var frame = session.frame()
            frame.write("A👍🏽xyBCD", x: 0, y: 0)
            frame.write("👨‍👩‍👧‍👦" + "uvwxyzBCD", x: 0, y: 1)
            session.draw(frame)
            #expect(session.screen.cell(x: 1, y: 0).text == "👍")
            #expect(session.screen.cell(x: 3, y: 0).text == "🏽")
            #expect(session.screen.cell(x: 5, y: 0).text == "B")
            #expect(session.screen.cell(x: 8, y: 1).text == "B")
        }

        @Test("Later frames around, over and instead of a spliced cluster stay right")
        func laterFrames() throws {
            let session = try TerminalSession(width: 30, height: 4, joinsClusters: true)
            var frame = session.frame()
            frame.write("ab👍🏽cd 🇯🇵 $4.99", x: 0, y: 1)
            session.draw(frame)
            #expect(session.screen.textLines() == frame.textLines())

            // Changes on both sides: ncurses reprints the short unchanged stretch between
            // them, with its stand-in 👍 for 👍🏽.
            frame.write("X", x: 0, y: 1)
            frame.write("Y", x: 5, y: 1)
            session.draw(frame)
            #expect(session.screen.cell(x: 2, y: 1).text == "👍🏽")
            #expect(session.screen.textLines() == frame.textLines())

            // The stand-in is what ncurses believes is there: 👍 in its place must still be written.
            frame.write("👍", x: 2, y: 1)
            frame.write("🇯🇲", x: 7, y: 1)
            session.draw(frame)
            #expect(session.screen.cell(x: 2, y: 1).text == "👍")
            #expect(session.screen.cell(x: 7, y: 1).text == "🇯🇲")
            #expect(session.screen.textLines() == frame.textLines())

            frame.write("👨‍👩‍👧 ", x: 2, y: 1)
            frame.applyStyle(Style(.reverse), to: Rect(x: 0, y: 1, width: 30, height: 1))
            session.draw(frame, cursor: Position(x: 0, y: 1))
            #expect(session.screen.textLines() == frame.textLines())
            #expect(session.screen.cell(x: 2, y: 1).style == Style(.reverse))
            #expect(session.screen.cell(x: 12, y: 1).style == Style(.reverse))

            let selected = frame
            frame = session.frame()
            frame.write(selected.textLines()[1], x: 0, y: 1)
            frame.write("plain text", x: 0, y: 2)
            session.draw(frame, cursor: Position(x: 0, y: 2))
            #expect(session.screen.textLines() == frame.textLines())
            #expect(session.screen.cell(x: 2, y: 1).style == .plain)
            #expect(session.screen.cell(x: 0, y: 2).style == .plain)
            #expect(session.screen.cursorX == 0 && session.screen.cursorY == 2)
            #expect(session.screen.unknown.isEmpty)
        }

        /// As in DrawingTests' selection move, with a sequence on each row: the rows the
        /// selection leaves and reaches are rewritten, and their sequences spliced again
        /// (about 50 bytes more than the same rows in plain text).
        @Test("Moving the selection over rows with emoji sequences keeps them whole, for under 250 bytes a move")
        func selectionMove() throws {
            let session = try TerminalSession(width: 80, height: 24, joinsClusters: true)
            func frame(selected: Int) -> Buffer {
                var frame = session.frame()
                for (row, cluster) in Self.clusters.enumerated() {
                    frame.write("  Tip " + cluster + " tip".padded(toWidth: 30) + "$4.99", x: 0, y: row + 2)
                }
                frame.applyStyle(Style(.reverse), to: Rect(x: 0, y: selected + 2, width: 80, height: 1))
                return frame
            }
            session.draw(frame(selected: 0), cursor: Position(x: 0, y: 2))
            for selected in 1..<Self.clusters.count {
                let move = session.draw(frame(selected: selected), cursor: Position(x: 0, y: selected + 2))
                #expect(move.bytes < 250)
                #expect(session.screen.textLines() == frame(selected: selected).textLines())
                #expect(session.screen.cell(x: 6, y: selected + 2).style == Style(.reverse))
                #expect(session.screen.cell(x: 6, y: selected + 1).style == .plain)
            }
        }

        @Test("Redrawing after invalidate() writes the clusters whole again")
        func invalidate() throws {
            let session = try TerminalSession(width: 20, height: 8, joinsClusters: true)
            let frame = Self.frame(session)
            session.draw(frame)
            session.terminal.invalidate()
            session.draw(frame)
            Self.expectEveryClusterWhole(in: session.lastOutput)
            #expect(session.screen.textLines() == frame.textLines())
        }
    }
}

extension [UInt8] {
    func contains(_ part: [UInt8]) -> Bool {
        guard part.count <= count else { return false }
        return (0...(count - part.count)).contains { self[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
