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
        lines.append((visibleCode(width: width).padded(toWidth: width), Palette.link.patched(with: Palette.title)))
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

    /// Draws the sheet over `area`, clearing what is under its box.
    public func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        modal(in: area, context: context).modal.render(in: area, into: &buffer)
    }

    /// Where the hardware cursor belongs: after the last character typed.
    public func cursorPosition(in area: Rect, context: StoreContext) -> Position? {
        let (modal, fieldRow) = modal(in: area, context: context)
        let frame = modal.frame(in: area)
        let width = Modal.innerWidth(in: area)
        let y = frame.y + 1 + fieldRow
        guard y < frame.maxY - 1 else { return nil }
        return Position(x: frame.x + 2 + displayWidth(of: visibleCode(width: width)), y: y)
    }

    /// The button under a click at (x, y): redeem (`.confirm`) or cancel.
    public func hitTest(x: Int, y: Int, in area: Rect, context: StoreContext) -> ConfirmationSheet.Choice? {
        let areas = modal(in: area, context: context).modal.buttonAreas(in: area)
        return zip([ConfirmationSheet.Choice.confirm, .cancel], areas).first { $0.1.contains(x: x, y: y) }?.0
    }
}
