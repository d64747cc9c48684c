/// How a button looks: the default action (reversed), an ordinary one, or one that
/// cannot be pressed now.
enum ButtonLook {
    case prominent, normal, disabled

    var style: Style {
        switch self {
        case .prominent: Style([.bold, .reverse])
        case .normal: Style(.bold)
        case .disabled: Style(.dim)
        }
    }
}

/// A button drawn as bracketed, centred lines ("[ Subscribe ]"), readable without colour.
struct ButtonShape {
    let lines: [String]

    /// The narrowest width that shows every line.
    var naturalWidth: Int {
        (lines.map { displayWidth(of: $0) }.max() ?? 0) + 4
    }

    var height: Int { lines.count }

    /// Draws the button `width` columns wide (at least its natural width, clipped to
    /// `clip`) with its top-left corner at (x, y).
    func draw(x: Int, y: Int, width: Int, look: ButtonLook, options: RenderOptions, within clip: Rect, into buffer: inout Buffer) {
        let inner = max(0, width - 4)
        for (row, line) in lines.enumerated() {
            let text = "[ " + line.truncated(toWidth: inner, ellipsis: options.glyph(.ellipsis)).padded(toWidth: inner, alignment: .center) + " ]"
            buffer.write(text, x: x, y: y + row, style: options.style(look.style), within: clip)
        }
    }

    /// Draws the button at its natural width, centred in `rect`'s width, from row `y`.
    func drawCentered(in rect: Rect, y: Int, look: ButtonLook, options: RenderOptions, into buffer: inout Buffer) {
        let width = min(naturalWidth, rect.width)
        draw(x: rect.x + (rect.width - width) / 2, y: y, width: width, look: look, options: options, within: rect, into: &buffer)
    }
}
