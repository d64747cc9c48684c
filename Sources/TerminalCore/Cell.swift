/// One terminal column of a `Buffer`: a grapheme cluster, its display width and its style.
///
/// A cluster wider than one column is stored in its first column (the lead cell); each
/// column it covers after that holds a *continuation* cell with an empty symbol, width 0
/// and the lead's style.
///
/// ```swift
/// var buffer = Buffer(width: 4, height: 1)
/// buffer.write("中a", x: 0, y: 0)
/// buffer.cells[0].symbol          // "中", width 2
/// buffer.cells[1].isContinuation  // true
/// buffer.cells[2].symbol          // "a"
/// ```
public struct Cell: Sendable, Hashable {
    /// The grapheme cluster drawn here; empty for a continuation cell.
    public let symbol: String
    /// Columns the symbol takes (1 or more), or 0 for a continuation cell.
    public let width: Int
    public var style: Style

    package init(symbol: String, width: Int, style: Style) {
        self.symbol = symbol
        self.width = width
        self.style = style
    }

    /// A space in the given style: what an empty or cleared column holds.
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(symbol: " ", width: 1, style: style)
    }

    static func continuation(_ style: Style) -> Cell {
        Cell(symbol: "", width: 0, style: style)
    }

    /// True for the columns a wide symbol covers after its first one.
    public var isContinuation: Bool { width == 0 }
}
