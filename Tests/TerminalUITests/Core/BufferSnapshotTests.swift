import Testing
import TerminalUI

@Suite("Buffer text snapshots")
struct BufferSnapshotTests {
    @Test("Text lines: one per row, each exactly the buffer's width in columns", arguments: [(80, 24), (40, 12), (7, 3)])
    func linesArePadded(size: (Int, Int)) {
        var buffer = Buffer(width: size.0, height: size.1)
        buffer.write("鳥の餌 ￥1,200", x: 1, y: 0)
        buffer.write("👨‍👩‍👧 Family Pass", x: 0, y: size.1 - 1)
        let lines = buffer.textLines()
        #expect(lines.count == size.1)
        #expect(lines.allSatisfy { displayWidth(of: $0) == size.0 })
    }

    @Test("Style runs list non-plain runs with inclusive columns")
    func styleRuns() {
        var buffer = Buffer(width: 12, height: 4)
        buffer.write("Birdseed", x: 2, y: 3, style: Style([.bold, .reverse], foreground: .green))
        buffer.write("!", x: 0, y: 1, style: Style(.dim))
        buffer.write("中", x: 5, y: 1, style: Style(.underline, background: .blue))
        #expect(buffer.styleRuns() == [
            "row 1 col 0: dim",
            "row 1 col 5-6: underline bg=blue",
            "row 3 col 2-9: bold reverse fg=green",
        ])
    }

    @Test("A plain buffer has no style runs")
    func plain() {
        #expect(Buffer(lines: ["Tip Jar"]).styleRuns().isEmpty)
    }
}
