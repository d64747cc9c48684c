/// One entry of an app's key table: the keys, what the help bar calls them, and the
/// action each key sends. The same table drives dispatch (`action(for:)`) and the help
/// bar (`helpLine(width:options:)`), so the two cannot drift apart.
///
/// Keys of one entry may send different actions that share a label, so an action can
/// carry its data (which way to move) instead of the app re-reading the key:
///
/// ```swift
/// enum Action: Hashable { case move(by: Int), buy, quit }
/// let bindings = [
///     KeyBinding([.up: Action.move(by: -1), .down: .move(by: 1)], help: "move"),
///     KeyBinding([.enter], help: "buy", action: Action.buy),
///     KeyBinding([.char("q"), .ctrl("c")], help: "quit", action: .quit),
/// ]
/// bindings.action(for: .down)                             // .move(by: 1)
/// bindings.helpLine(width: 80, options: RenderOptions())  // "↑/↓ move  enter buy  q/ctrl-c quit"
/// ```
public struct KeyBinding<Action: Sendable & Hashable>: Sendable, Hashable {
    /// A key and the action it sends.
    public struct Entry: Sendable, Hashable {
        public var key: Key
        public var action: Action
    }

    /// The keys and their actions, in the order the help bar names the keys.
    public var entries: [Entry]
    /// The help bar's word for the keys; an empty label keeps the binding out of it.
    public var help: String

    /// Keys that each send their own action.
    public init(_ actions: KeyValuePairs<Key, Action>, help: String) {
        entries = actions.map { Entry(key: $0.key, action: $0.value) }
        self.help = help
    }

    /// Keys that all send the same action.
    public init(_ keys: [Key], help: String, action: Action) {
        entries = keys.map { Entry(key: $0, action: action) }
        self.help = help
    }

    /// The keys, in help-bar order.
    public var keys: [Key] {
        entries.map(\.key)
    }

    /// What `key` sends, if this binding lists it.
    public func action(for key: Key) -> Action? {
        entries.first { $0.key == key }?.action
    }

    /// The help bar entry: key labels joined by "/", a space, then `help` in the
    /// interface's language.
    public func helpEntry(options: RenderOptions) -> String {
        keys.map { $0.label(options: options) }.joined(separator: "/") + " " + options.text(help)
    }
}

extension Sequence {
    /// The action of the first binding that lists `key`.
    public func action<Action>(for key: Key) -> Action? where Element == KeyBinding<Action> {
        lazy.compactMap { $0.action(for: key) }.first
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
