/// A yes-or-no question in a centred box, such as "Quit anyway?" while a purchase runs:
/// a title, what is at stake, and two buttons, the focused one prominent.
///
/// ```swift
/// var question = Question(title: "Quit?", message: "A purchase is in progress.", confirmTitle: "Quit", cancelTitle: "Stay")
/// question.focus = .cancel                                  // tab
/// question.render(in: screen, context: StoreContext(), into: &buffer)
/// ```
public struct Question: Sendable, Hashable, Widget {
    public var title: String
    public var message: String
    public var confirmTitle: String
    public var cancelTitle: String
    public var focus: ConfirmationSheet.Choice

    public init(title: String, message: String, confirmTitle: String, cancelTitle: String, focus: ConfirmationSheet.Choice = .cancel) {
        self.title = title
        self.message = message
        self.confirmTitle = confirmTitle
        self.cancelTitle = cancelTitle
        self.focus = focus
    }

    /// Asked when the customer quits while a confirmed purchase is still with the store.
    public static func quitDuringPurchase(language: InterfaceLanguage = .english) -> Question {
        Question(
            title: language.text("A purchase is in progress"),
            message: language.text("Quit anyway? It will finish in the store, and you will find it in Your Purchases next time."),
            confirmTitle: language.text("Quit"), cancelTitle: language.text("Stay")
        )
    }

    private func modal(in area: Rect, options: RenderOptions) -> Modal {
        let width = Modal.innerWidth(in: area)
        let ellipsis = options.glyph(.ellipsis)
        var lines: [(text: String, style: Style)] = [("", .plain)]
        lines.append(wrapping: "\(options.glyph(.warning)) \(title)", width: width, maxLines: 2, style: Palette.warning, ellipsis: ellipsis)
        lines.append(("", .plain))
        lines.append(wrapping: message, width: width, maxLines: 4, style: .plain, ellipsis: ellipsis)
        return Modal(
            title: nil, lines: lines,
            buttons: [(confirmTitle, focus == .confirm ? .prominent : .normal), (cancelTitle, focus == .cancel ? .prominent : .normal)],
            options: options
        )
    }

    /// Draws the question over `area`, clearing what is under its box.
    public func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        modal(in: area, options: context.options).render(in: area, into: &buffer)
    }

    /// The button under a click at (x, y).
    public func hitTest(x: Int, y: Int, in area: Rect, context: StoreContext) -> ConfirmationSheet.Choice? {
        let areas = modal(in: area, options: context.options).buttonAreas(in: area)
        return zip([ConfirmationSheet.Choice.confirm, .cancel], areas).first { $0.1.contains(x: x, y: y) }?.0
    }

    /// Where the hardware cursor belongs: on the focused button.
    public func cursorPosition(in area: Rect, context: StoreContext) -> Position? {
        let areas = modal(in: area, options: context.options).buttonAreas(in: area)
        let rect = focus == .confirm ? areas.first : areas.last
        return rect.map { Position(x: $0.x + 2, y: $0.y) }
    }
}
