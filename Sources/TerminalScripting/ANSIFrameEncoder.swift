import TerminalUI

/// Turns a sequence of screens into the bytes a terminal needs to show them: the first
/// screen (and any screen of a new size) clears and draws everything; each later one
/// writes only the cells `Buffer.diff(from:)` reports, as cursor moves, SGR attributes
/// and text; then the cursor goes where the frame puts it, or is hidden.
///
/// ```swift
/// var encoder = ANSIFrameEncoder()
/// encoder.encode(Buffer(lines: ["Buy"]), cursor: nil)  // "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1HBuy\u{1B}[?25l"
/// encoder.encode(Buffer(lines: ["Buy"]), cursor: nil)  // "": nothing changed
/// ```
public struct ANSIFrameEncoder: Sendable {
    private var previous: Buffer?
    private var pen = Style.plain
    private var previousCursor: Position?
    private var cursorShown: Bool?

    public init() {}

    /// The bytes that turn the last screen encoded into `buffer`, with the cursor at
    /// `cursor` (hidden when nil). Empty when nothing changed.
    public mutating func encode(_ buffer: Buffer, cursor: Position?) -> String {
        var output = ""
        let base: Buffer
        if let previous, previous.width == buffer.width, previous.height == buffer.height {
            base = previous
        } else {
            output += Self.escape + "0m" + Self.escape + "H" + Self.escape + "2J"
            pen = .plain
            base = Buffer(width: buffer.width, height: buffer.height)
        }
        for change in buffer.diff(from: base) {
            output += Self.moveTo(x: change.columns.lowerBound, y: change.y)
            var column = change.columns.lowerBound
            while column < change.columns.upperBound {
                let cell = buffer.cells[change.y * buffer.width + column]
                column += max(1, cell.width)
                if cell.isContinuation { continue }
                if cell.style != pen {
                    output += Self.sgr(cell.style)
                    pen = cell.style
                }
                output += cell.symbol
                // Terminals disagree on the width of emoji sequences and flags: put the
                // cursor back where the buffer says the next cell starts.
                if cell.symbol.unicodeScalars.count > 1, column < change.columns.upperBound {
                    output += Self.moveTo(x: column, y: change.y)
                }
            }
        }
        if let cursor, !output.isEmpty || cursor != previousCursor {
            output += Self.moveTo(x: cursor.x, y: cursor.y)
        }
        let shown = cursor != nil
        if cursorShown != shown {
            output += Self.escape + (shown ? "?25h" : "?25l")
            cursorShown = shown
        }
        previous = buffer
        previousCursor = cursor
        return output
    }

    /// Resets the attributes and shows the cursor, as a program does when it exits.
    public mutating func finish() -> String {
        pen = .plain
        cursorShown = true
        return Self.escape + "0m" + Self.escape + "?25h"
    }

    static let escape = "\u{1B}["

    /// CUP: rows and columns count from 1.
    static func moveTo(x: Int, y: Int) -> String {
        escape + "\(y + 1);\(x + 1)H"
    }

    /// SGR for `style`, from a reset: `ESC[0;1;7;32m`.
    static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        let modifiers: [(Style.Modifiers, String)] = [(.bold, "1"), (.dim, "2"), (.underline, "4"), (.reverse, "7")]
        for (modifier, code) in modifiers where style.modifiers.contains(modifier) {
            codes.append(code)
        }
        if let index = style.foreground.paletteIndex { codes.append("3\(index)") }
        if let index = style.background.paletteIndex { codes.append("4\(index)") }
        return escape + codes.joined(separator: ";") + "m"
    }
}

extension Color {
    /// The ANSI palette number, 0 (black) to 7 (white); nil for the terminal's default.
    var paletteIndex: Int? {
        self == .default ? nil : Int(rawValue) - 1
    }
}
