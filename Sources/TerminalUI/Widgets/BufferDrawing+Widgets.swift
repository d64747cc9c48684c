// Small drawing steps the widgets share.
extension Buffer {
    /// Clears `rect` and draws a border around its edge, with `title` set into the top
    /// border; returns the area inside the border.
    @discardableResult
    mutating func drawBox(_ rect: Rect, title: String? = nil, style: Style, options: RenderOptions) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        fill(rect)
        let horizontal = options.glyph(.horizontalLine)
        let rule = String(repeating: horizontal, count: max(0, (rect.width - 2) / max(1, displayWidth(of: horizontal))))
        write(options.glyph(.topLeftCorner) + rule + options.glyph(.topRightCorner), x: rect.x, y: rect.y, style: style, within: rect)
        write(options.glyph(.bottomLeftCorner) + rule + options.glyph(.bottomRightCorner), x: rect.x, y: rect.maxY - 1, style: style, within: rect)
        for row in (rect.y + 1)..<(rect.maxY - 1) {
            write(options.glyph(.verticalLine), x: rect.x, y: row, style: style)
            write(options.glyph(.verticalLine), x: rect.maxX - 1, y: row, style: style)
        }
        if let title, rect.width > 6 {
            let label = " " + title.truncated(toWidth: rect.width - 6, ellipsis: options.glyph(.ellipsis)) + " "
            write(label, x: rect.x + 2, y: rect.y, style: style.patched(with: Style(.bold)), within: rect)
        }
        return rect.inset(by: Insets(all: 1))
    }

    /// Writes `text` centred on row `y` of `rect`, truncated to fit.
    mutating func writeCentered(_ text: String, in rect: Rect, y: Int, style: Style = .plain, ellipsis: String = "…") {
        let fitted = text.truncated(toWidth: rect.width, ellipsis: ellipsis)
        write(fitted, x: rect.x + (rect.width - displayWidth(of: fitted)) / 2, y: y, style: style, within: rect)
    }

    /// Writes `text` so that it ends just before column `end`; returns where it starts.
    @discardableResult
    mutating func writeTrailing(_ text: String, endingAt end: Int, y: Int, style: Style = .plain, within rect: Rect) -> Int {
        let start = end - displayWidth(of: text)
        write(text, x: start, y: y, style: style, within: rect)
        return start
    }
}
