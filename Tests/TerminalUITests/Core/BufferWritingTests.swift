import Testing
import TerminalUI

@Suite("Writing into a buffer")
struct BufferWritingTests {
    @Test("Text lands at its position and the end column is returned")
    func plainWrite() {
        var buffer = Buffer(width: 10, height: 2)
        let end = buffer.write("Tip", x: 2, y: 1)
        #expect(end == 5)
        #expect(buffer.textLines() == ["          ", "  Tip     "])
    }

    @Test("A wide character takes its column and a continuation column")
    func wideCells() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("中a", x: 0, y: 0)
        #expect(buffer.cell(x: 0, y: 0)?.symbol == "中")
        #expect(buffer.cell(x: 0, y: 0)?.width == 2)
        #expect(buffer.cell(x: 1, y: 0)?.isContinuation == true)
        #expect(buffer.cell(x: 2, y: 0)?.symbol == "a")
    }

    @Test("A wide character that does not fit at the right edge becomes a space")
    func wideAtRightEdge() {
        var buffer = Buffer(width: 5, height: 1)
        #expect(buffer.write("ab中文", x: 0, y: 0) == 5)
        #expect(buffer.textLines() == ["ab中 "])
        #expect(buffer.cells.map(\.width) == [1, 1, 2, 0, 1])
    }

    @Test("Full-width yen at the edge of a clip area is not split")
    func yenAtClipEdge() {
        var buffer = Buffer(lines: ["..........."])
        buffer.write("Price ￥300", x: 0, y: 0, within: Rect(x: 0, y: 0, width: 7, height: 1))
        #expect(buffer.textLines() == ["Price  ...."])
        // Column 6 would hold half of ￥: it is a blank, and column 7 outside the area is untouched.
        #expect(buffer.cell(x: 6, y: 0)?.symbol == " ")
        #expect(buffer.cell(x: 7, y: 0)?.symbol == ".")
    }

    @Test("Writing is clipped to the area on both sides")
    func clipping() {
        var buffer = Buffer(lines: ["----------"])
        let area = Rect(x: 2, y: 0, width: 4, height: 1)
        buffer.write("abcdefgh", x: 0, y: 0, within: area)
        #expect(buffer.textLines() == ["--cdef----"])
        buffer.write("中x", x: 1, y: 0, within: area)
        #expect(buffer.textLines() == ["-- xef----"])
    }

    @Test("Text starting left of the buffer shows its visible part")
    func negativeX() {
        var buffer = Buffer(width: 5, height: 1)
        buffer.write("hello", x: -2, y: 0)
        #expect(buffer.textLines() == ["llo  "])
    }

    @Test("Writes outside the buffer change nothing", arguments: [(0, -1), (0, 3), (10, 0), (-20, 1)])
    func outside(position: (Int, Int)) {
        let original = Buffer(lines: ["abcdefghij", "klmnopqrst", "uvwxyz0123"])
        var buffer = original
        buffer.write("XYZ", x: position.0, y: position.1)
        #expect(buffer == original)
    }

    @Test("Overwriting half of a wide character blanks the other half")
    func overwriteHalf() {
        var buffer = Buffer(width: 3, height: 1)
        buffer.write("中", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        #expect(buffer.textLines() == [" x "])
        buffer.write("中", x: 0, y: 0)
        buffer.write("y", x: 0, y: 0)
        #expect(buffer.textLines() == ["y  "])
    }

    @Test("A wide character written across two others clears both")
    func wideOverWide() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("中文", x: 0, y: 0)
        buffer.write("日", x: 1, y: 0)
        #expect(buffer.textLines() == [" 日 "])
        #expect(buffer.cells.map(\.width) == [1, 2, 0, 1])
    }

    @Test("Control characters are skipped, combining marks stay with their letter")
    func controlsAndMarks() {
        var buffer = Buffer(width: 6, height: 1)
        #expect(buffer.write("a\tb\ne\u{301}", x: 0, y: 0) == 3)
        #expect(buffer.textLines() == ["abe\u{301}   "])
    }

    @Test("Fill clears an area, splitting no wide character")
    func fill() {
        var buffer = Buffer(lines: ["中文字"])
        buffer.fill(Rect(x: 1, y: 0, width: 2, height: 5), style: Style(.reverse))
        #expect(buffer.textLines() == ["    字"])
        #expect(buffer.styleRuns() == ["row 0 col 1-2: reverse"])
    }

    @Test("Applying a style to part of a wide character restyles all of it")
    func applyStyle() {
        var buffer = Buffer(lines: ["ab中cd"])
        buffer.applyStyle(Style(.bold, foreground: .green), to: Rect(x: 3, y: 0, width: 2, height: 1))
        #expect(buffer.styleRuns() == ["row 0 col 2-4: bold fg=green"])
        #expect(buffer.textLines() == ["ab中cd"])
    }
}
