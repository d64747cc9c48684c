/// The help overlay: every key of the screen underneath and what it does, from the same
/// table that dispatches them, in a box like the alerts.
struct HelpOverlay: Widget {
    let bindings: [KeyBinding<AppAction>]
    /// Whether clicks are reported (`AppOptions.mouse`): the overlay says what that means.
    var mouse = true

    private func modal(in area: Rect, options: RenderOptions) -> Modal {
        // Aliases (bindings without a label) join the labelled binding of the same kind of
        // action (k and j join ↑ and ↓); the overlay's own key is on the help bar under it.
        let entries = bindings.filter { !$0.help.isEmpty && !$0.kinds.contains(.help) }.map { binding in
            let keys = bindings.filter { $0 == binding || ($0.help.isEmpty && !$0.kinds.isDisjoint(with: binding.kinds)) }.flatMap(\.keys)
            return (keys: keys.map { $0.label(options: options) }.joined(separator: " "), help: options.text(binding.help))
        }
        let keyWidth = entries.map { displayWidth(of: $0.keys) }.max() ?? 0
        var lines = entries.map { entry in
            (text: entry.keys.padded(toWidth: keyWidth) + "  " + entry.help, style: Style.plain)
        }
        // What no key table says: Ctrl-C's question, who owns the mouse, and whose emoji widths.
        let width = Modal.innerWidth(in: area)
        let ellipsis = options.glyph(.ellipsis)
        lines.append(("", .plain))
        lines.append(wrapping: options.text("Ctrl-C quits like q: while a purchase is with the store it asks first; a second Ctrl-C quits."),
                     width: width, style: Palette.secondary, ellipsis: ellipsis)
        let mouseNote = mouse
            ? options.text("Clicks select and press. To select text, hold Shift, or start with --no-mouse.")
            : options.text("The mouse is left to the terminal (--no-mouse).")
        lines.append(wrapping: mouseNote, width: width, style: Palette.secondary, ellipsis: ellipsis)
        lines.append(wrapping: options.text("Emoji are laid out as wide as this terminal draws them: it is asked when the store opens."),
                     width: width, style: Palette.secondary, ellipsis: ellipsis)
        return Modal(title: options.text("Keys"), lines: lines, buttons: [(options.text("Close"), .prominent)], options: options)
    }

    /// Draws the overlay centred in `area`.
    func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        modal(in: area, options: context.options).render(in: area, into: &buffer)
    }

    /// On Close.
    func cursorPosition(in area: Rect, context: StoreContext) -> Position? {
        modal(in: area, options: context.options).buttonAreas(in: area).first.map { Position(x: $0.x + 2, y: $0.y) }
    }
}

extension KeyBinding<AppAction> {
    /// The kinds of action its keys send.
    fileprivate var kinds: Set<AppAction> {
        Set(entries.map(\.action.kind))
    }
}

extension AppAction {
    /// The action without its data: ↑ and ↓ are both moves, tab and shift-tab both change focus.
    fileprivate var kind: AppAction {
        switch self {
        case .move: .move(by: 1)
        case .page, .toStart, .toEnd: .page(by: 1)
        case .choosePlan: .choosePlan(by: 1)
        case .chooseGroup: .chooseGroup(by: 1)
        case .chooseButton: .chooseButton(by: 1)
        case .cycleFocus: .cycleFocus(backwards: false)
        default: self
        }
    }
}
