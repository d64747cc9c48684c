/// The sheet Redeem Code opens, like the App Store's offer-code sheet: a text field for the
/// code, what went wrong with the last try, and Redeem and Cancel.
///
/// ```swift
/// var sheet = RedeemCodeSheet()
/// sheet.code = "BIRDWATCHER"              // typed
/// sheet.phase = .redeeming                // Enter: the store checks it
/// sheet.render(in: screen, context: context, into: &buffer)
/// ```
public struct RedeemCodeSheet: Sendable, Hashable, Widget {
    /// Where redeeming stands.
    public enum Phase: Sendable, Hashable {
        /// The customer types.
        case editing
        /// The store is checking the code.
        case redeeming
        /// The store refused the code, saying why; typing again starts over.
        case refused(String)
    }

    public var code: String
    public var phase: Phase

    public init(code: String = "", phase: Phase = .editing) {
        self.code = code
        self.phase = phase
    }

    /// Widest a code may grow: offer codes are short; this keeps a pasted novel out.
    public static let maximumLength = 64

    /// Whether `character` can be part of an offer code: letters, digits, `-` and `_`.
    public static func accepts(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_"
    }

    /// The code as sent to the store: trimmed, upper case.
    public var normalizedCode: String {
        code.trimmingCharacters(in: .whitespaces).uppercased()
    }

    /// The sheet's box, and the row of its text field among the lines.
    private func modal(in area: Rect, context: StoreContext) -> (modal: Modal, fieldRow: Int) {
        let options = context.options
        let width = Modal.innerWidth(in: area)
        let ellipsis = options.glyph(.ellipsis)
        var lines: [(text: String, style: Style)] = [("", .plain)]
        lines.append(wrapping: options.text("Enter the offer code you received."), width: width, maxLines: 2, style: Palette.secondary, ellipsis: ellipsis)
        lines.append(("", .plain))
        let fieldRow = lines.count
        lines.append(("", .plain))  // the field, drawn by `drawField` over the box
        lines.append(("", .plain))
        switch phase {
        case .editing:
            lines.append(("", .plain))
        case .redeeming:
            lines.append((options.text("%@ Redeeming%@", context.spinner, ellipsis), Palette.busy))
        case .refused(let reason):
            lines.append(wrapping: "\(options.glyph(.warning)) \(reason)", width: width, maxLines: 3, style: Palette.error, ellipsis: ellipsis)
        }
        let canRedeem = phase != .redeeming && !normalizedCode.isEmpty
        let modal = Modal(
            title: options.text("Redeem Code"), lines: lines,
            buttons: [(options.text("Redeem"), canRedeem ? .prominent : .disabled), (options.text("Cancel"), .normal)],
            options: options
        )
        return (modal, fieldRow)
    }

    /// The end of the code when it is wider than the field, leaving room for the cursor.
    private func visibleCode(width: Int) -> String {
        var shown = code
        while displayWidth(of: shown) >= width, !shown.isEmpty { shown.removeFirst() }
        return shown
    }

    /// The field's row: its label, where the code starts and how wide it may show, or nil
    /// when the box is too short for it.
    private func field(in area: Rect, context: StoreContext) -> (label: String, y: Int, labelX: Int, codeX: Int, codeWidth: Int)? {
        let (modal, fieldRow) = modal(in: area, context: context)
        let frame = modal.frame(in: area)
        let y = frame.y + 1 + fieldRow
        guard y < frame.maxY - 1 else { return nil }
        let label = context.options.text("Code")
        let labelX = frame.x + 2
        // "Code [BIRDWATCHER      ]": brackets show the field without colour or underline.
        let codeX = labelX + displayWidth(of: label) + 2
        return (label, y, labelX, codeX, max(1, Modal.innerWidth(in: area) - (codeX - labelX) - 1))
    }

    /// Draws the sheet over `area`, clearing what is under its box.
    public func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        modal(in: area, context: context).modal.render(in: area, into: &buffer)
        guard let field = field(in: area, context: context) else { return }
        let options = context.options
        buffer.write(field.label, x: field.labelX, y: field.y, style: options.style(Palette.secondary))
        buffer.write("[", x: field.codeX - 1, y: field.y, style: options.style(Palette.border))
        let shown = visibleCode(width: field.codeWidth)
        let end = buffer.write(shown.padded(toWidth: field.codeWidth), x: field.codeX, y: field.y, style: options.style(Palette.title))
        buffer.write("]", x: end, y: field.y, style: options.style(Palette.border))
        // The cursor is drawn too (reversed), so the field shows where typing goes even
        // where the terminal's own cursor is hidden or hard to see.
        if phase != .redeeming {
            buffer.applyStyle(Style(.reverse), to: Rect(x: field.codeX + displayWidth(of: shown), y: field.y, width: 1, height: 1))
        }
    }

    /// Where the hardware cursor belongs: after the last character typed.
    public func cursorPosition(in area: Rect, context: StoreContext) -> Position? {
        guard let field = field(in: area, context: context) else { return nil }
        return Position(x: field.codeX + displayWidth(of: visibleCode(width: field.codeWidth)), y: field.y)
    }

    /// The button under a click at (x, y): redeem (`.confirm`) or cancel.
    public func hitTest(x: Int, y: Int, in area: Rect, context: StoreContext) -> ConfirmationSheet.Choice? {
        modal(in: area, context: context).modal.choice(atX: x, y: y, in: area)
    }
}
