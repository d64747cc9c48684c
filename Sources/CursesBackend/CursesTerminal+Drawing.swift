import CNcursesw
import TerminalUI

extension CursesTerminal {
    /// Puts `buffer` on screen, writing only the cells that differ from the last frame
    /// drawn (all of them on the first frame, after a resize or `invalidate()`), then one
    /// `doupdate`. A frame identical to the last one, with the cursor where it was, writes
    /// nothing at all. Returns the number of cells written.
    ///
    /// `cursor` puts the visible hardware cursor on that cell (the focused row: screen
    /// readers and magnifiers follow it); nil hides it.
    ///
    /// ```swift
    /// var frame = Buffer(width: terminal.area.width, height: terminal.area.height)
    /// frame.write("鳥の餌  ￥300", x: 2, y: 1)
    /// terminal.draw(frame, cursor: Position(x: 2, y: 1))  // the whole frame
    /// terminal.draw(frame, cursor: Position(x: 2, y: 1))  // 0: nothing changed
    /// ```
    @discardableResult
    public func draw(_ buffer: Buffer, cursor: Position? = nil) -> Int {
        let changes = buffer.diff(from: previousFrame ?? Buffer(width: 0, height: 0))
        previousFrame = buffer
        var written = 0
        var rendition = Rendition(style: .plain, attributes: sf_a_normal(), pair: 0)
        for change in changes where change.y < area.height {
            var column = change.columns.lowerBound
            while column < change.columns.upperBound {
                let cell = buffer.cells[change.y * buffer.width + column]
                if !cell.isContinuation && column + cell.width <= area.width {
                    if cell.style != rendition.style {
                        rendition = self.rendition(for: cell.style)
                    }
                    put(cell, x: column, y: change.y, rendition)
                    written += 1
                }
                column += max(1, cell.width)
            }
        }
        guard written > 0 || cursor != self.cursor || cursorShown == nil else { return 0 }
        placeCursor(cursor)
        wnoutrefresh(window)
        doupdate()
        return written
    }

    private func placeCursor(_ position: Position?) {
        cursor = position
        let visible = position != nil
        if cursorShown != visible {
            curs_set(visible ? 1 : 0)
            cursorShown = visible
        }
        if let position {
            wmove(window, Int32(position.y), Int32(position.x))
        }
    }

    /// A cell's symbol as ncurses cells: one `cchar_t` per terminal glyph (a flag's two
    /// regional indicators take one column each), each with its combining marks.
    private func put(_ cell: Cell, x: Int, y: Int, _ rendition: Rendition) {
        var column = x
        for glyph in terminalGlyphs(of: cell.symbol) {
            var characters = glyph.scalars.prefix(Int(sf_cchar_max()) - 1).map { wchar_t(bitPattern: $0.value) }
            characters.append(0)
            var cchar = cchar_t()
            setcchar(&cchar, characters, rendition.attributes, rendition.pair, nil)
            mvwadd_wch(window, Int32(y), Int32(column), &cchar)
            column += glyph.width
        }
    }

    private func rendition(for style: Style) -> Rendition {
        var attributes = sf_a_normal()
        let modifiers: [(Style.Modifiers, attr_t)] = [
            (.bold, sf_a_bold()), (.dim, sf_a_dim()), (.reverse, sf_a_reverse()), (.underline, sf_a_underline()),
        ]
        for (modifier, attribute) in modifiers where style.modifiers.contains(modifier) {
            attributes |= attribute
        }
        let pair = colorPairs?.pair(foreground: style.foreground, background: style.background) ?? 0
        return Rendition(style: style, attributes: attributes, pair: pair)
    }
}

/// ncurses attributes and colour pair for one `Style`, kept while consecutive cells share it.
private struct Rendition {
    let style: Style
    let attributes: attr_t
    let pair: Int16
}
