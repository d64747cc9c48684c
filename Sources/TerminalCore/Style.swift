/// How a cell is drawn: text attributes plus foreground and background colour.
///
/// ```swift
/// let selected = Style(.reverse)
/// let warning = Style(.bold, foreground: .yellow)
/// selected.patched(with: warning).description  // "bold reverse fg=yellow"
/// ```
public struct Style: Sendable, Hashable, CustomStringConvertible {
    /// Text attributes a terminal can combine.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Modifiers(rawValue: 1 << 0)
        public static let dim = Modifiers(rawValue: 1 << 1)
        public static let reverse = Modifiers(rawValue: 1 << 2)
        public static let underline = Modifiers(rawValue: 1 << 3)
    }

    public var modifiers: Modifiers
    public var foreground: Color
    public var background: Color

    /// A style with these attributes and colours: `Style([.bold, .reverse], foreground: .green)`.
    public init(_ modifiers: Modifiers = [], foreground: Color = .default, background: Color = .default) {
        self.modifiers = modifiers
        self.foreground = foreground
        self.background = background
    }

    /// No attributes, terminal default colours.
    public static let plain = Style()

    public var isPlain: Bool { self == .plain }

    /// This style with `other` laid over it: modifiers are added, and `other`'s
    /// colours replace these unless they are `.default`.
    public func patched(with other: Style) -> Style {
        Style(
            modifiers.union(other.modifiers),
            foreground: other.foreground == .default ? foreground : other.foreground,
            background: other.background == .default ? background : other.background
        )
    }

    /// This style without colours, for terminals or users that want none.
    public var withoutColor: Style { Style(modifiers) }

    /// Space-separated: `bold dim reverse underline fg=<color> bg=<color>`, only the
    /// parts that are set; `plain` when nothing is.
    public var description: String {
        var parts: [String] = []
        let names: [(Modifiers, String)] = [(.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline")]
        for (modifier, name) in names where modifiers.contains(modifier) {
            parts.append(name)
        }
        if foreground != .default { parts.append("fg=\(foreground)") }
        if background != .default { parts.append("bg=\(background)") }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}
