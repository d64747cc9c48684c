import StorefrontModel

/// Draws a `ManagerDialog` as a sheet over the transaction manager (the app's `Modal`):
/// a menu with its selected line reversed, or a prompt with the text typed and why it was
/// refused.
struct ManagerDialogSheet {
    let dialog: ManagerDialog
    let refundReasons: [String]
    let options: RenderOptions
    let title: String

    /// Draws the sheet; returns where the cursor goes (the menu's line, or the field's end).
    func render(in area: Rect, into buffer: inout Buffer) -> Position? {
        let width = Modal.innerWidth(in: area)
        let ellipsis = options.glyph(.ellipsis)
        var lines: [(text: String, style: Style)] = []
        var cursorLine = 0
        var cursorColumn = 0
        if let prompt = dialog.prompt {
            lines.append(wrapping: options.text(prompt), width: width, maxLines: 2, style: .plain, ellipsis: ellipsis)
            let field = "> " + dialog.text
            cursorLine = lines.count
            cursorColumn = min(width - 1, displayWidth(of: field))
            lines.append((field.truncated(toWidth: width, ellipsis: ellipsis), Palette.accent))
            if let problem = dialog.problem {
                lines.append(wrapping: options.text(problem), width: width, maxLines: 2, style: Palette.error, ellipsis: ellipsis)
            }
        } else {
            for (index, choice) in dialog.choices(refundReasons: refundReasons).enumerated() {
                let words = choice.isToken ? choice.title : options.text(choice.title)
                let selected = index == dialog.selectedIndex
                if selected { cursorLine = lines.count }
                lines.append((words.truncated(toWidth: width, ellipsis: ellipsis), selected ? Palette.selected : .plain))
            }
        }
        // Room for the border: a tall menu on a small screen keeps its selected line in view.
        let room = max(1, area.height - 2)
        let first = max(0, min(cursorLine - room + 1, lines.count - room))
        let shown = Array(lines.dropFirst(first).prefix(room))
        let modal = Modal(title: title, lines: shown, buttons: [], options: options)
        modal.render(in: area, into: &buffer)
        let frame = modal.frame(in: area)
        return Position(x: frame.x + 2 + cursorColumn, y: frame.y + 1 + cursorLine - first)
    }
}
