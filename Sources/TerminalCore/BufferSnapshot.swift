// Plain-text views of a buffer for snapshot tests and `storefront snapshot`.
extension Buffer {
    /// The text on screen: exactly `height` lines, each exactly `width` display columns.
    ///
    /// ```swift
    /// var buffer = Buffer(width: 6, height: 2)
    /// buffer.write("鳥 ok", x: 0, y: 1)
    /// buffer.textLines()  // ["      ", "鳥 ok "]
    /// ```
    public func textLines() -> [String] {
        (0..<height).map { row in
            var line = ""
            line.reserveCapacity(width)
            for cell in cells[(row * width)..<((row + 1) * width)] where !cell.isContinuation {
                line += cell.symbol
            }
            return line
        }
    }

    /// Every run of non-plain style, one line each: `row <y> col <x1>-<x2>: <style>`
    /// (or `col <x>` for a single column), rows top to bottom, runs left to right.
    ///
    /// ```swift
    /// var buffer = Buffer(width: 10, height: 4)
    /// buffer.write("Birdseed", x: 2, y: 3, style: Style([.bold, .reverse], foreground: .green))
    /// buffer.styleRuns()  // ["row 3 col 2-9: bold reverse fg=green"]
    /// ```
    public func styleRuns() -> [String] {
        var runs: [String] = []
        for row in 0..<height {
            let rowStart = row * width
            var column = 0
            while column < width {
                let style = cells[rowStart + column].style
                var end = column + 1
                while end < width && cells[rowStart + end].style == style { end += 1 }
                if !style.isPlain {
                    let columns = end - column == 1 ? "col \(column)" : "col \(column)-\(end - 1)"
                    runs.append("row \(row) \(columns): \(style)")
                }
                column = end
            }
        }
        return runs
    }

    /// The screen as snapshot files keep it: `textLines()`, and with `styles` a `---` line
    /// and `styleRuns()`, joined by newlines (no newline after the last line). The one format
    /// of `storefront snapshot`, `--shots` recordings and the StorefrontTesting strategies.
    ///
    /// ```swift
    /// var buffer = Buffer(width: 4, height: 1)
    /// buffer.write("ok", x: 0, y: 0, style: Style(.bold))
    /// buffer.snapshotText()               // "ok  \n---\nrow 0 col 0-1: bold"
    /// buffer.snapshotText(styles: false)  // "ok  "
    /// ```
    public func snapshotText(styles: Bool = true) -> String {
        let lines = styles ? textLines() + ["---"] + styleRuns() : textLines()
        return lines.joined(separator: "\n")
    }
}
