// Small drawing steps the widgets share. The store views clear and rule large areas
// every frame, so those steps work a row span or a measured cell at a time.
extension Buffer {
    /// Clears `rect` (clipped to the buffer) to plain blanks, like `fill(_:)`, a row span
    /// at a time. Rows where a wide symbol straddles the rect's edge go through `fill`,
    /// which splits the symbol safely.
    mutating func clear(_ rect: Rect) {
        let clip = rect.intersection(area)
        guard !clip.isEmpty else { return }
        let blank = Cell.blank()
        for row in clip.minY..<clip.maxY {
            let start = row * width + clip.minX
            let end = row * width + clip.maxX
            if cells[start].isContinuation || (clip.maxX < width && cells[end].isContinuation) {
                fill(Rect(x: clip.minX, y: row, width: clip.width, height: 1))
            } else {
                cells.withUnsafeMutableBufferPointer { cells in
                    for index in start..<end { cells[index] = blank }
                }
            }
        }
    }

    /// Puts one-column `symbol` at (x, y) for `count` columns to the right (or rows down,
    /// when `vertical`), clipped to `clip`: rules, box edges and scrollbars.
    mutating func repeatSymbol(_ symbol: String, count: Int, x: Int, y: Int, vertical: Bool = false, style: Style, within clip: Rect) {
        let visible = clip.intersection(area)
        guard displayWidth(of: symbol) == 1 else {
            for step in 0..<max(0, count) {
                write(symbol, x: vertical ? x : x + step, y: vertical ? y + step : y, style: style, within: visible)
            }
            return
        }
        let cell = Cell(symbol: symbol, width: 1, style: style)
        for step in 0..<max(0, count) {
            let (column, row) = vertical ? (x, y + step) : (x + step, y)
            if visible.contains(x: column, y: row) { put(cell, x: column, y: row) }
        }
    }

    /// Clears `rect` and draws a border around its edge, with `title` set into the top
    /// border; returns the area inside the border.
    @discardableResult
    mutating func drawBox(_ rect: Rect, title: String? = nil, style: Style, options: RenderOptions) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        clear(rect)
        let inner = rect.inset(by: Insets(all: 1))
        for (y, left, right) in [(rect.y, Glyph.topLeftCorner, Glyph.topRightCorner), (rect.maxY - 1, .bottomLeftCorner, .bottomRightCorner)] {
            repeatSymbol(options.glyph(left), count: 1, x: rect.x, y: y, style: style, within: rect)
            repeatSymbol(options.glyph(.horizontalLine), count: inner.width, x: inner.x, y: y, style: style, within: rect)
            repeatSymbol(options.glyph(right), count: 1, x: rect.maxX - 1, y: y, style: style, within: rect)
        }
        for x in [rect.x, rect.maxX - 1] {
            repeatSymbol(options.glyph(.verticalLine), count: inner.height, x: x, y: inner.y, vertical: true, style: style, within: rect)
        }
        if let title, rect.width > 6 {
            let label = " " + title.truncated(toWidth: rect.width - 6, ellipsis: options.glyph(.ellipsis)) + " "
            write(label, x: rect.x + 2, y: rect.y, style: style.patched(with: Style(.bold)), within: rect)
        }
        return inner
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

extension Buffer {
    /// Marks the selected row of a list: its cells from `x` up to `end` and one blank
    /// after, not the whole width, in reverse video and bold whatever they were, keeping
    /// their colours. A move then rewrites two names rather than two full rows of reverse
    /// video, and the bar is one style: one attribute change for the terminal.
    mutating func markSelected(from x: Int, upTo end: Int, y: Int, within rect: Rect) {
        let span = Rect(x: x, y: y, width: max(0, end + 1 - x), height: 1)
        restyle(span.intersection(rect)) { style in
            Style(Palette.selected.modifiers.union(.bold), foreground: style.foreground, background: style.background)
        }
    }
}
