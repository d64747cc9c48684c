/// The grid's measures in pixels: a 15 px monospace font advances 9 px a column.
enum SVGGrid {
    static let cellWidth = 9
    static let cellHeight = 18
    static let baseline = 14
    static let fontSize = 15
    static let padding = 12
    static let titleBarHeight = 28
    static let fontFamily = "DejaVu Sans Mono, Menlo, Consolas, monospace"

    /// The top left corner of the cell at column `x`, row `y`.
    static func origin(x: Int, y: Int) -> (x: Int, y: Int) {
        (padding + x * cellWidth, titleBarHeight + padding + y * cellHeight)
    }
}
