/// The app's own one-line-per-row lists (the store list, the Purchases screen): the
/// filter line on the blank row above, the rows on screen, the selected one reversed.
/// Only visible rows are drawn.
struct LineList {
    /// One row's text: the left part, and a part set against the right edge.
    struct Line {
        var text: String
        var trailing: String = ""
        var style: Style = .plain
        var trailingStyle: Style = .plain
    }

    let area: Rect
    let list: StoreListState
    let rowCount: Int
    let options: RenderOptions

    /// The first row on screen: the scroll offset, kept within the rows.
    var offset: Int {
        min(max(0, list.scrollOffset), max(0, rowCount - area.height))
    }

    /// The row drawn at screen row `y`, or nil off the rows: what a click lands on.
    func rowIndex(atY y: Int) -> Int? {
        guard y >= area.minY, y < area.maxY else { return nil }
        let index = offset + y - area.y
        return index < rowCount ? index : nil
    }

    /// Draws rows `offset…` with `line(index)`, and the filter line on `filterRow`;
    /// returns where the cursor goes.
    func render(filterRow: Rect?, emptyMessage: String, into buffer: inout Buffer, line: (Int) -> Line) -> Position? {
        if let filterRow, let filter = list.filterText {
            ListFilter.drawLine(filter, isEditing: list.focus == .filter, in: filterRow, options: options, into: &buffer)
        }
        guard rowCount > 0 else {
            buffer.write(emptyMessage.truncated(toWidth: area.width - 1, ellipsis: options.glyph(.ellipsis)), x: area.x + 1, y: area.y, style: options.style(Palette.secondary), within: area)
            return list.focus == .filter ? filterCursor(filterRow) : nil
        }
        let end = min(rowCount, offset + area.height)
        for index in offset..<end {
            let y = area.y + index - offset
            let row = line(index)
            let selected = list.focus == .list && index == list.selectedIndex
            let trailingWidth = displayWidth(of: row.trailing)
            let textWidth = max(0, area.width - 2 - (trailingWidth > 0 ? trailingWidth + 2 : 0))
            let afterText = buffer.write(row.text.truncated(toWidth: textWidth, ellipsis: options.glyph(.ellipsis)), x: area.x + 1, y: y, style: options.style(row.style), within: area)
            if trailingWidth > 0, trailingWidth + 4 <= area.width {
                buffer.writeTrailing(row.trailing, endingAt: area.maxX - 1, y: y, style: options.style(row.trailingStyle), within: area)
            }
            if selected {
                buffer.markSelected(from: area.x, upTo: afterText, y: y, within: area)
            }
        }
        switch list.focus {
        case .list:
            guard (offset..<end).contains(list.selectedIndex) else { return nil }
            return Position(x: area.x + 1, y: area.y + list.selectedIndex - offset)
        case .filter:
            return filterCursor(filterRow)
        case .button:
            return nil
        }
    }

    private func filterCursor(_ filterRow: Rect?) -> Position? {
        guard let filterRow else { return nil }
        return Position(x: min(filterRow.maxX - 1, filterRow.x + 2 + displayWidth(of: list.filterText ?? "")), y: filterRow.y)
    }
}
