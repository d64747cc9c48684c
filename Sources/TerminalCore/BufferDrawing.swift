extension Buffer {
    /// Writes `text` from column `x` on row `y`, one grapheme cluster per symbol, and
    /// returns the column after the last one written.
    ///
    /// Text is clipped to `area` (default: the whole buffer). A wide symbol that does not
    /// fit before the clip edge is replaced by spaces, so wide characters are never split.
    /// Zero-width clusters (control characters such as "\n" or "\t") are skipped: wrap
    /// or expand them before writing. A row outside the area costs nothing.
    ///
    /// ```swift
    /// var buffer = Buffer(width: 5, height: 1)
    /// buffer.write("ab中文", x: 0, y: 0)   // returns 5
    /// buffer.textLines()                  // ["ab中 "]: 文 did not fit
    /// ```
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, within area: Rect? = nil) -> Int {
        let clip = (area ?? self.area).intersection(self.area)
        guard y >= clip.minY, y < clip.maxY, x < clip.maxX, !clip.isEmpty else { return x }
        var column = x
        for cluster in text {
            let width = displayWidth(of: cluster)
            guard width > 0 else { continue }
            let end = column + width
            if end <= clip.minX {
                column = end
                continue
            }
            if column < clip.minX || end > clip.maxX {
                // Only part of the symbol is visible: show blanks in its visible columns.
                for blankColumn in max(column, clip.minX)..<min(end, clip.maxX) {
                    put(.blank(style), x: blankColumn, y: y)
                }
            } else {
                put(Cell(symbol: String(cluster), width: width, style: style), x: column, y: y)
            }
            column = end
            if column >= clip.maxX { return clip.maxX }
        }
        return column
    }

    /// Clears `rect` (clipped to the buffer) to spaces in `style`.
    ///
    /// ```swift
    /// var buffer = Buffer(lines: ["abc"])
    /// buffer.fill(Rect(x: 1, y: 0, width: 1, height: 1), style: Style(.reverse))
    /// buffer.textLines()  // ["a c"]
    /// ```
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let clip = rect.intersection(area)
        for row in clip.minY..<clip.maxY {
            for column in clip.minX..<clip.maxX {
                put(.blank(style), x: column, y: row)
            }
        }
    }

    /// Lays `style` over the cells in `rect` (see `Style.patched(with:)`), keeping their
    /// symbols; a wide symbol partly inside `rect` is restyled whole.
    ///
    /// ```swift
    /// var buffer = Buffer(lines: ["> Birdseed  ￥300"])
    /// buffer.applyStyle(Style(.reverse), to: Rect(x: 0, y: 0, width: 17, height: 1))
    /// buffer.styleRuns()  // ["row 0 col 0-16: reverse"]
    /// ```
    public mutating func applyStyle(_ style: Style, to rect: Rect) {
        restyle(rect) { $0.patched(with: style) }
    }

    /// Gives each cell in `rect` the style `transform` makes of its own, keeping the
    /// symbols; a wide symbol partly inside `rect` is restyled whole.
    package mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let clip = rect.intersection(area)
        guard !clip.isEmpty else { return }
        for row in clip.minY..<clip.maxY {
            let rowStart = row * width
            var start = rowStart + clip.minX
            while start > rowStart && cells[start].isContinuation { start -= 1 }
            var end = rowStart + clip.maxX
            while end < rowStart + width && cells[end].isContinuation { end += 1 }
            for index in start..<end {
                cells[index].style = transform(cells[index].style)
            }
        }
    }
}
