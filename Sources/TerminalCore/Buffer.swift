/// A width x height grid of `Cell`s that widgets draw into and a backend puts on screen.
///
/// Drawing never touches the terminal: render a whole frame into a fresh buffer, then
/// hand it to the backend, which writes only what `diff(from:)` reports as changed.
/// Writes outside the buffer (or outside the area they are clipped to) do nothing,
/// so a widget can draw into any sub-`Rect` without bounds checks.
///
/// ```swift
/// var buffer = Buffer(width: 20, height: 2)
/// buffer.write("Tip Jar", x: 1, y: 0, style: Style(.bold))
/// buffer.write("￥120", x: 1, y: 1)
/// buffer.textLines()  // [" Tip Jar            ", " ￥120              "]
/// ```
public struct Buffer: Sendable, Hashable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Row-major: the cell at column x, row y is `cells[y * width + x]`.
    public package(set) var cells: [Cell]

    /// A buffer of blank cells, at most `TerminalSize.largest`: a larger one is cut to it,
    /// so no size given from outside takes more memory than a real terminal's frame.
    public init(width: Int, height: Int) {
        self.width = min(max(0, width), TerminalSize.largest.width)
        self.height = min(max(0, height), TerminalSize.largest.height)
        cells = Array(repeating: .blank(), count: self.width * self.height)
    }

    /// A buffer showing `lines`, one per row, as wide as the widest line; handy for
    /// expected values in tests.
    ///
    /// ```swift
    /// Buffer(lines: ["ab", "中"]).width  // 2
    /// ```
    public init(lines: [String], style: Style = .plain) {
        self.init(width: lines.map { displayWidth(of: $0) }.max() ?? 0, height: lines.count)
        for (row, line) in lines.enumerated() {
            write(line, x: 0, y: row, style: style)
        }
    }

    /// The whole buffer as a rect at the origin.
    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y`, or nil outside the buffer.
    public func cell(x: Int, y: Int) -> Cell? {
        guard area.contains(x: x, y: y) else { return nil }
        return cells[y * width + x]
    }

    /// Stores `cell` at (x, y) and continuation cells after it; the caller has checked
    /// that all `cell.width` columns are inside the buffer. Any wide symbol this
    /// partly covers is cleared to blanks first, so no half of a wide symbol survives.
    package mutating func put(_ cell: Cell, x: Int, y: Int) {
        let index = y * width + x
        let span = max(1, cell.width)
        if cells[index].width == 1 && span == 1 {
            cells[index] = cell
            return
        }
        clearSymbol(covering: index, row: y)
        clearSymbol(covering: index + span - 1, row: y)
        cells[index] = cell
        for offset in 1..<span {
            cells[index + offset] = .continuation(cell.style)
        }
    }

    /// Blanks every column of the symbol that covers `index`, keeping its style.
    private mutating func clearSymbol(covering index: Int, row: Int) {
        let rowStart = row * width
        var lead = index
        while lead > rowStart && cells[lead].isContinuation { lead -= 1 }
        let style = cells[lead].style
        let end = min(lead + max(1, cells[lead].width), rowStart + width)
        for column in lead..<end {
            cells[column] = .blank(style)
        }
    }
}
