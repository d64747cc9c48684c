/// A centred, boxed panel over the screen: the confirmation sheet and alerts. It dims the
/// screen, clears what is under it, shows its lines, and a row of buttons at the bottom.
struct Modal {
    let title: String?
    /// Body lines, already fitted to `innerWidth(in:)`; empty strings are blank rows.
    let lines: [(text: String, style: Style)]
    let buttons: [(title: String, look: ButtonLook)]
    let options: RenderOptions

    /// Widest the panel grows, and the margin it keeps from the screen's edges.
    static let maximumWidth = 56
    static let margin = 2

    /// Columns for body text in a panel over `area` (2 of border and padding each side).
    static func innerWidth(in area: Rect) -> Int {
        max(1, min(maximumWidth, area.width - 2 * margin) - 4)
    }

    /// The panel's rect: centred, as tall as its lines plus a blank row, the buttons and
    /// the border, clipped to `area`.
    func frame(in area: Rect) -> Rect {
        let width = min(area.width, Self.innerWidth(in: area) + 4)
        let height = min(area.height, lines.count + (buttons.isEmpty ? 0 : 2) + 2)
        return Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
    }

    /// Each button's area, centred on the bottom row inside the border.
    func buttonAreas(in area: Rect) -> [Rect] {
        let frame = frame(in: area)
        let shapes = buttons.map { ButtonShape(lines: [$0.title]) }
        let gap = 2
        let total = shapes.reduce(0) { $0 + $1.naturalWidth } + gap * max(0, shapes.count - 1)
        var x = frame.x + max(1, (frame.width - total) / 2)
        return shapes.map { shape in
            defer { x += shape.naturalWidth + gap }
            return Rect(x: x, y: frame.maxY - 2, width: shape.naturalWidth, height: 1)
        }
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        // What is behind the panel fades, so the panel reads as in front.
        buffer.applyStyle(Style(.dim), to: area)
        let frame = frame(in: area)
        buffer.clearWordEnds(beside: frame, within: area)
        let inner = buffer.drawBox(frame, title: title, style: options.style(Palette.border), options: options)
        let textArea = inner.inset(by: Insets(horizontal: 1))
        for (row, line) in lines.enumerated() where row < textArea.height - (buttons.isEmpty ? 0 : 2) {
            buffer.write(line.text, x: textArea.x, y: textArea.y + row, style: options.style(line.style), within: textArea)
        }
        for (button, rect) in zip(buttons, buttonAreas(in: area)) {
            ButtonShape(lines: [button.title]).draw(x: rect.x, y: rect.y, width: rect.width, look: button.look, options: options, within: inner, into: &buffer)
        }
    }
}

extension Modal {
    /// Of a two-button panel (confirm, then cancel): the button under a click at (x, y).
    func choice(atX x: Int, y: Int, in area: Rect) -> ConfirmationSheet.Choice? {
        zip([ConfirmationSheet.Choice.confirm, .cancel], buttonAreas(in: area)).first { $0.1.contains(x: x, y: y) }?.0
    }

    /// Of a two-button panel: where the cursor sits on the `focus` button.
    func cursor(on focus: ConfirmationSheet.Choice, in area: Rect) -> Position? {
        let areas = buttonAreas(in: area)
        return (focus == .confirm ? areas.first : areas.last).map { Position(x: $0.x + 2, y: $0.y) }
    }
}

extension Buffer {
    /// Clears what is left of text runs the panel `frame` cuts ("$99.99 / year", words
    /// joined by single blanks): "Buy" under a panel's right edge would otherwise leave its
    /// "y" beside the border, as if the panel said it. Call it before drawing the panel.
    mutating func clearWordEnds(beside frame: Rect, within area: Rect) {
        func isInk(_ x: Int, _ y: Int) -> Bool {
            guard x >= area.minX, x < area.maxX, let cell = cell(x: x, y: y) else { return false }
            // A highlight's blanks (a selected row's reverse video) are part of its run too:
            // left alone beside a panel they read as a stray block.
            return cell.symbol != " " || cell.isContinuation || cell.style.modifiers.contains(.reverse)
                || cell.style.background != .default
        }
        /// The last inked column of the run that goes on from `start` (outwards, `step` +1
        /// or -1) after the cut column before it; that column when nothing is left outside.
        func runEnd(from start: Int, step: Int, y: Int) -> Int {
            var x = start
            var last = start - step
            while isInk(x, y) || isInk(x + step, y) && x - last == step {
                if isInk(x, y) { last = x }
                x += step
            }
            return last
        }
        for y in frame.minY..<frame.maxY {
            let right = frame.maxX, left = frame.minX - 1
            // Cut: the run reaches under the edge (or stops one blank short of it).
            if isInk(right - 1, y) || isInk(right - 2, y) && isInk(right, y) {
                clear(Rect(x: right, y: y, width: runEnd(from: right, step: 1, y: y) - right + 1, height: 1))
            }
            if isInk(left + 1, y) || isInk(left + 2, y) && isInk(left, y) {
                let start = runEnd(from: left, step: -1, y: y)
                clear(Rect(x: start, y: y, width: left - start + 1, height: 1))
            }
        }
    }
}

extension Array where Element == (text: String, style: Style) {
    /// `text` wrapped to `width` (at most `maxLines`), each line in `style`.
    mutating func append(wrapping text: String, width: Int, maxLines: Int = 3, style: Style, ellipsis: String) {
        append(contentsOf: text.wrapped(toWidth: width, maxLines: maxLines, ellipsis: ellipsis).map { ($0, style) })
    }
}
