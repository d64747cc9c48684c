import CNcursesw
import TerminalUI

extension CursesTerminal {
    /// Puts `buffer` on screen, writing only the cells that differ from the last frame
    /// drawn (all of them on the first frame, after a resize or `invalidate()`), then one
    /// `doupdate`. A frame identical to the last one, with the cursor where it was, writes
    /// nothing at all. Returns the number of cells written.
    ///
    /// Each cell's grapheme cluster reaches the terminal whole ("👍🏽", "❤️", "👨‍👩‍👧",
    /// "🇯🇵"), in the columns `displayWidth(of:)` gives it: see `ClusterOutput`.
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
        let previous = previousFrame.flatMap { $0.width == buffer.width && $0.height == buffer.height ? $0 : nil }
        previousFrame = buffer
        var written = 0
        var splices: [Splice] = []
        var rendition = Rendition(style: .plain, attributes: sf_a_normal(), pair: 0)
        for (index, change) in changes.enumerated() where change.y < area.height {
            var column = change.columns.lowerBound
            while column < change.columns.upperBound {
                let cell = buffer.cells[change.y * buffer.width + column]
                if !cell.isContinuation && column + cell.width <= area.width {
                    let next = column + 1 < change.columns.upperBound ? buffer.cells[change.y * buffer.width + column + 1] : nil
                    if cell.style != rendition.style && !cell.looksTheSame(in: rendition.style, before: next) {
                        rendition = self.rendition(for: cell.style)
                    }
                    let output = ClusterOutput(cell.symbol)
                    put(output, x: column, y: change.y, rendition)
                    // Also over a spliced cluster: ncurses may take the new cell for its stand-in
                    // and write nothing.
                    if output.isSpliced || previous?.hasSplicedCluster(y: change.y, columns: column..<(column + cell.width)) == true {
                        splices.append(Splice(x: column, y: change.y, width: cell.width, output: output, rendition: rendition))
                    }
                    written += 1
                }
                column += max(1, cell.width)
            }
            if index + 1 < changes.count, changes[index + 1].y == change.y {
                splices += unchangedSplices(in: buffer, y: change.y, columns: change.columns.upperBound..<changes[index + 1].columns.lowerBound)
            }
        }
        guard written > 0 || cursor != self.cursor || cursorShown == nil else { return 0 }
        placeCursor(cursor)
        wnoutrefresh(window)
        doupdate()
        write(splices)
        return written
    }

    /// Spliced clusters in an unchanged stretch between two changed ones on a row: ncurses
    /// reprints a short stretch rather than move the cursor over it, with the stand-ins.
    private func unchangedSplices(in buffer: Buffer, y: Int, columns: Range<Int>) -> [Splice] {
        var splices: [Splice] = []
        for column in columns {
            let cell = buffer.cells[y * buffer.width + column]
            guard cell.symbol.utf8.count > 1, column + cell.width <= area.width else { continue }
            let output = ClusterOutput(cell.symbol)
            if output.isSpliced {
                splices.append(Splice(x: column, y: y, width: cell.width, output: output, rendition: rendition(for: cell.style)))
            }
        }
        return splices
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

    /// A cell's cluster as ncurses cells: one `cchar_t`, or the stand-ins of a spliced one
    /// (one per terminal glyph: a flag's two regional indicators take one column each).
    private func put(_ output: ClusterOutput, x: Int, y: Int, _ rendition: Rendition) {
        switch output {
        case .cell(let characters):
            put(characters, x: x, y: y, rendition)
        case .spliced(let standIns, _):
            var column = x
            for glyph in standIns {
                let characters = glyph.scalars.prefix(Int(sf_cchar_max()) - 1).map { wchar_t(bitPattern: $0.value) }
                put(characters + [0], x: column, y: y, rendition)
                column += glyph.width
            }
        }
    }

    private func put(_ characters: [wchar_t], x: Int, y: Int, _ rendition: Rendition) {
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
struct Rendition {
    let style: Style
    let attributes: attr_t
    let pair: Int16
}

private extension Cell {
    /// Whether this cell, drawn in `style` instead of its own, would look the same: a blank
    /// with neither reversed nor underlined, on the same background (its boldness, dimness
    /// and foreground colour show on no glyph). Drawn in the style of the cell before it, it
    /// costs no attribute change (6 to 12 bytes each), as where a dim glyph gives way to a
    /// bold name. Not before another blank, so a run of blanks can still be erased to the
    /// end of the line.
    func looksTheSame(in style: Style, before next: Cell?) -> Bool {
        let visible: Style.Modifiers = [.reverse, .underline]
        return symbol == " " && next?.symbol != " "
            && self.style.modifiers.isDisjoint(with: visible) && style.modifiers.isDisjoint(with: visible)
            && self.style.background == style.background
    }
}

private extension Buffer {
    /// Whether any of `columns` on row `y` belongs to a cluster that was spliced.
    func hasSplicedCluster(y: Int, columns: Range<Int>) -> Bool {
        columns.contains { column in
            var lead = y * width + column
            while lead > y * width && cells[lead].isContinuation { lead -= 1 }
            return cells[lead].symbol.utf8.count > 1 && ClusterOutput(cells[lead].symbol).isSpliced
        }
    }
}
