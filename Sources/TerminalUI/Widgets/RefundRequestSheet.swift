import StorefrontModel

/// The refund sheet Your Purchases opens, like StoreKit's `refundRequestSheet`: the
/// purchase, the reasons the App Store offers (one chosen), and Submit and Cancel.
///
/// ```swift
/// var sheet = RefundRequestSheet(transaction: bought, name: "Sunflower Hearts")
/// sheet.chooseReason(by: 1)     // "I didn't get what I paid for"
/// sheet.reason                  // .fulfillmentIssue
/// sheet.render(in: screen, context: context, into: &buffer)
/// ```
public struct RefundRequestSheet: Sendable, Hashable, Widget {
    /// The purchase the customer asks a refund of, and its name as the history shows it.
    public let transaction: Transaction
    public let name: String
    public private(set) var reason: Transaction.RefundRequestReason = .unintendedPurchase
    /// The focused button: Submit (`.confirm`) or Cancel.
    public var focus: ConfirmationSheet.Choice = .confirm
    /// Whether the request is with the store: the sheet waits for its answer.
    public var isSubmitting = false

    public init(transaction: Transaction, name: String) {
        self.transaction = transaction
        self.name = name
    }

    /// The reason `delta` places down the list (-1 is up), stopping at the ends.
    public mutating func chooseReason(by delta: Int) {
        let reasons = Transaction.RefundRequestReason.allCases
        let index = reasons.firstIndex(of: reason) ?? 0
        reason = reasons[min(max(0, index + delta), reasons.count - 1)]
    }

    /// A reason as the customer reads it.
    static func wording(of reason: Transaction.RefundRequestReason, options: RenderOptions) -> String {
        switch reason {
        case .unintendedPurchase: options.text("I didn't mean to buy this")
        case .fulfillmentIssue: options.text("I didn't get what I paid for")
        case .unsatisfiedWithPurchase: options.text("It isn't what I expected")
        case .legal: options.text("A legal reason")
        case .other: options.text("Something else")
        }
    }

    /// The box: the purchase and the question when the screen has room for them, then
    /// every reason, so the chosen one always shows.
    private func modal(in area: Rect, context: StoreContext) -> Modal {
        let options = context.options
        let width = Modal.innerWidth(in: area)
        let ellipsis = options.glyph(.ellipsis)
        let reasons: [(text: String, style: Style)] = Transaction.RefundRequestReason.allCases.map { reason in
            let chosen = reason == self.reason
            let mark = options.symbol(chosen ? .radioOn : .radioOff)
            let text = "\(mark) \(Self.wording(of: reason, options: options))".truncated(toWidth: width, ellipsis: ellipsis)
            return (text, chosen ? Palette.title : .plain)
        }
        let question = isSubmitting
            ? options.text("%@ Sending%@", context.spinner, ellipsis)
            : options.text("Why do you want a refund?")
        let header: [(text: String, style: Style)] = [
            (name.truncated(toWidth: width, ellipsis: ellipsis), Palette.title),
            (question.truncated(toWidth: width, ellipsis: ellipsis), isSubmitting ? Palette.busy : Palette.secondary),
        ]
        // Rows inside the border, less the blank row and the buttons.
        let room = area.height - 4
        var lines = header + reasons
        if room >= lines.count + 2 { lines = [("", .plain)] + header + [("", .plain)] + reasons }
        else if room < lines.count { lines = Array(header.suffix(max(0, room - reasons.count))) + reasons }
        return Modal(
            title: options.text("Request a Refund"), lines: lines,
            buttons: [
                (options.text("Submit"), isSubmitting ? .disabled : focus == .confirm ? .prominent : .normal),
                (options.text("Cancel"), focus == .cancel ? .prominent : .normal),
            ],
            options: options
        )
    }

    public func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        modal(in: area, context: context).render(in: area, into: &buffer)
    }

    /// The button under a click at (x, y): Submit (`.confirm`) or Cancel.
    public func hitTest(x: Int, y: Int, in area: Rect, context: StoreContext) -> ConfirmationSheet.Choice? {
        modal(in: area, context: context).choice(atX: x, y: y, in: area)
    }

    /// Where the hardware cursor belongs: on the focused button.
    public func cursorPosition(in area: Rect, context: StoreContext) -> Position? {
        modal(in: area, context: context).cursor(on: focus, in: area)
    }
}
