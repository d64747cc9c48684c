// How a row of cells becomes text in a picture: words and phrases whole, each glyph on its cell.

/// A run of cells drawn as one `<text>`: the same style, the same cell width per glyph, and
/// no two spaces in a row, so "Extra Fine Tip" is one string a reader can find and copy.
/// Every glyph of a run takes the same number of columns, so stretching the run to its
/// columns (`textLength`) puts each glyph on its own cell, wide characters and emoji included.
struct SVGTextRun: Equatable {
    /// The column of the run's first glyph.
    let column: Int
    /// The columns the run covers.
    let columns: Int
    /// The run's grapheme clusters, as many as it has glyphs.
    let glyphs: [String]
    let style: Style

    var text: String { glyphs.joined() }

    /// The runs of one row, left to right; blank cells start none and end every one.
    static func runs(in row: ArraySlice<Cell>) -> [SVGTextRun] {
        let cells = Array(row)
        var runs: [SVGTextRun] = []
        var x = 0
        while x < cells.count {
            let first = cells[x]
            guard !first.isContinuation, first.symbol != " " else { x += 1; continue }
            var glyphs = [first.symbol]
            var end = x + first.width
            while end < cells.count {
                if joins(cells[end], first) {
                    glyphs.append(cells[end].symbol)
                    end += first.width
                } else if first.width == 1, cells[end].symbol == " ", cells[end].style == first.style,
                          end + 1 < cells.count, joins(cells[end + 1], first) {
                    // One space between words stays inside the run; two end it.
                    glyphs += [" ", cells[end + 1].symbol]
                    end += 2
                } else {
                    break
                }
            }
            runs.append(SVGTextRun(column: x, columns: end - x, glyphs: glyphs, style: first.style))
            x = end
        }
        return runs
    }

    /// True when `cell` continues a run that began with `first`.
    private static func joins(_ cell: Cell, _ first: Cell) -> Bool {
        !cell.isContinuation && cell.symbol != " " && cell.width == first.width && cell.style == first.style
    }
}
