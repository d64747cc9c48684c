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
        // Clusters a cell of ncurses cannot hold whole, written after it draws the frame.
        var wholeClusters: [(cell: Cell, x: Int, y: Int)] = []
        for change in changes where change.y < area.height {
            var column = change.columns.lowerBound
            while column < change.columns.upperBound {
                let cell = buffer.cells[change.y * buffer.width + column]
                if !cell.isContinuation && column + cell.width <= area.width {
                    if cell.style != rendition.style {
                        rendition = self.rendition(for: cell.style)
                    }
                    if !put(cell, x: column, y: change.y, rendition) {
                        wholeClusters.append((cell, column, change.y))
                    }
                    written += 1
                }
                column += max(1, cell.width)
            }
        }
        guard written > 0 || cursor != self.cursor || cursorShown == nil else { return 0 }
        placeCursor(cursor)
        wnoutrefresh(window)
        doupdate()
        writeWhole(wholeClusters)
        return written
    }

    /// Writes clusters ncurses could only draw in part (a skin tone, a ZWJ family, more
    /// marks than a cchar_t holds) over their cells, straight to the terminal: cursor and
    /// rendition saved, the cell's own style, the cluster, cursor and rendition restored,
    /// so ncurses' idea of the screen still holds. The cluster takes the columns the
    /// frame gave it; a terminal that measures it wider (tmux 3.3 gives a skin-toned emoji
    /// four) shifts the rest of that row until it is drawn again.
    private func writeWhole(_ clusters: [(cell: Cell, x: Int, y: Int)]) {
        guard !clusters.isEmpty else { return }
        var bytes = ""
        for (cell, x, y) in clusters {
            bytes += "\u{1B}7\u{1B}[\(y + 1);\(x + 1)H" + selectGraphicRendition(cell.style) + cell.symbol + "\u{1B}8"
        }
        fputs(bytes, outputFile)
        fflush(outputFile)
    }

    /// The ANSI rendition of `style`, colours only when the screen has them.
    private func selectGraphicRendition(_ style: Style) -> String {
        var codes = ["0"]
        let modifiers: [(Style.Modifiers, String)] = [(.bold, "1"), (.dim, "2"), (.underline, "4"), (.reverse, "7")]
        for (modifier, code) in modifiers where style.modifiers.contains(modifier) { codes.append(code) }
        if colorPairs != nil {
            if style.foreground != .default { codes.append(String(29 + Int(style.foreground.rawValue))) }
            if style.background != .default { codes.append(String(39 + Int(style.background.rawValue))) }
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
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
    /// regional indicators take one column each), each with its combining marks, a
    /// variation selector or keycap included (❤️, 1️⃣). Returns false when that is not the
    /// whole cluster (what ncurses cannot combine: a skin tone, a ZWJ sequence, more marks
    /// than a `cchar_t` holds), for `writeWhole` to finish.
    private func put(_ cell: Cell, x: Int, y: Int, _ rendition: Rendition) -> Bool {
        let limit = Int(sf_cchar_max()) - 1
        let glyphs = terminalGlyphs(of: cell.symbol)
        let scalars = Array(cell.symbol.unicodeScalars)
        // One spacing character and marks ncurses combines with it: one cchar_t, whole.
        if glyphs.count == 1, scalars.count <= limit, scalars.dropFirst().allSatisfy({ displayWidth(ofScalar: $0) == 0 && $0.value != 0x200D }) {
            add(scalars, x: x, y: y, rendition)
            return true
        }
        var column = x
        for glyph in glyphs {
            add(Array(glyph.scalars.prefix(limit)), x: column, y: y, rendition)
            column += glyph.width
        }
        return glyphs.flatMap(\.scalars) == scalars.filter { $0.value != 0xFE0F } && glyphs.allSatisfy { $0.scalars.count <= limit }
    }

    private func add(_ scalars: [Unicode.Scalar], x: Int, y: Int, _ rendition: Rendition) {
        var characters = scalars.map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        var cchar = cchar_t()
        setcchar(&cchar, characters, rendition.attributes, rendition.pair, nil)
        mvwadd_wch(window, Int32(y), Int32(x), &cchar)
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
