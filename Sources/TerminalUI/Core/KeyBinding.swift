/// One entry of an app's key table: the keys, what the help bar calls the action, and
/// the action itself. The same table drives dispatch (`action(for:)`) and the help bar
/// (`helpLine(width:options:)`), so the two cannot drift apart.
///
/// ```swift
/// enum Action { case move, buy, quit }
/// let bindings = [
///     KeyBinding([.up, .down], help: "move", action: Action.move),
///     KeyBinding([.enter], help: "buy", action: .buy),
///     KeyBinding([.char("q"), .ctrl("c")], help: "quit", action: .quit),
/// ]
/// bindings.action(for: .ctrl("c"))                              // .quit
/// bindings.helpLine(width: 80, options: RenderOptions())  // "↑/↓ move  enter buy  q/ctrl-c quit"
/// ```
public struct KeyBinding<Action: Sendable & Hashable>: Sendable, Hashable {
    /// The keys that trigger the action, in the order the help bar names them.
    public var keys: [Key]
    /// The help bar's word for the action; an empty label keeps the binding out of it.
    public var help: String
    /// What the app does: usually a case of the app's own action enum.
    public var action: Action

    public init(_ keys: [Key], help: String, action: Action) {
        self.keys = keys
        self.help = help
        self.action = action
    }

    /// The help bar entry: key labels joined by "/", a space, then `help`.
    public func helpEntry(options: RenderOptions) -> String {
        keys.map { $0.label(options: options) }.joined(separator: "/") + " " + help
    }
}

extension Sequence {
    /// The action of the first binding that lists `key`.
    public func action<Action>(for key: Key) -> Action? where Element == KeyBinding<Action> {
        first { $0.keys.contains(key) }?.action
    }

    /// The help bar text: entries separated by two spaces, in table order, as many whole
    /// entries as fit in `width` display columns. If not even the first fits, it is
    /// truncated with an ellipsis.
    public func helpLine<Action>(width: Int, options: RenderOptions) -> String where Element == KeyBinding<Action> {
        let separator = "  "
        let separatorWidth = displayWidth(of: separator)
        var line = ""
        var lineWidth = 0
        for binding in self where !binding.help.isEmpty {
            let entry = binding.helpEntry(options: options)
            let entryWidth = displayWidth(of: entry)
            if line.isEmpty {
                guard entryWidth <= width else {
                    return entry.truncated(toWidth: width, ellipsis: options.glyph(.ellipsis))
                }
                line = entry
                lineWidth = entryWidth
            } else {
                guard lineWidth + separatorWidth + entryWidth <= width else { break }
                line += separator + entry
                lineWidth += separatorWidth + entryWidth
            }
        }
        return line
    }
}
