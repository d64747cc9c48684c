import Testing
@testable import TerminalCore

/// A picture's text is grouped into runs a reader can find and copy, each glyph on its cell.
@Suite("SVG text runs")
struct SVGTextRunTests {
    static func runs(_ write: (inout Buffer) -> Void, width: Int = 40) -> [SVGTextRun] {
        var buffer = Buffer(width: width, height: 1)
        write(&buffer)
        return SVGTextRun.runs(in: buffer.cells[0..<width])
    }

    @Test("Words joined by one space are one run; two spaces or a style change end it")
    func wordsAndGaps() {
        let runs = Self.runs { buffer in
            _ = buffer.write(" • Extra Fine Tip", x: 0, y: 0)
            _ = buffer.write("£0.99", x: 26, y: 0)
            _ = buffer.write("Buy", x: 33, y: 0, style: Style(.bold))
        }
        #expect(runs.map(\.text) == ["• Extra Fine Tip", "£0.99", "Buy"])
        #expect(runs.map(\.column) == [1, 26, 33])
        #expect(runs.map(\.columns) == [16, 5, 3])
    }

    @Test("Wide characters make runs of their own width, each glyph over its two cells")
    func wideCharacters() {
        let runs = Self.runs { buffer in
            _ = buffer.write("乾杯 Cheers 🎉🎉", x: 0, y: 0)
        }
        #expect(runs.map(\.text) == ["乾杯", "Cheers", "🎉🎉"])
        #expect(runs.map(\.column) == [0, 5, 12])
        #expect(runs.map(\.columns) == [4, 6, 4])
    }

    @Test("The picture draws a run as one <text> stretched over its columns")
    func oneTextPerRun() {
        var buffer = Buffer(width: 30, height: 1)
        _ = buffer.write("Extra Fine Tip  乾杯", x: 0, y: 0)
        let svg = buffer.svg()
        #expect(svg.contains("textLength=\"\(14 * 9)\" lengthAdjust=\"spacing\">Extra Fine Tip</text>"))
        #expect(svg.contains("textLength=\"\(4 * 9)\" lengthAdjust=\"spacing\">乾杯</text>"))
        #expect(svg.components(separatedBy: "<text ").count - 1 == 3)  // the title, then two runs
    }
}
