/// How to draw for the terminal at hand: Unicode or ASCII symbols, colour or none, and the
/// customer's language.
///
/// Widgets ask it for symbols (`glyph(_:)`) and pass styles through `style(_:)`, so one
/// render function serves every terminal.
///
/// ```swift
/// let options = RenderOptions(environment: ["NO_COLOR": "1"], ascii: true)
/// options.glyph(.check)                         // "*"
/// options.style(Style(.bold, foreground: .red))  // bold, no colour
/// ```
public struct RenderOptions: Sendable, Hashable {
    /// Draw symbols with ASCII only (`--ascii`), for fonts or terminals without them.
    public var ascii: Bool
    /// Use colours; when false, styles keep only their attributes.
    public var color: Bool
    /// The language every string of the interface is shown in.
    public var language: InterfaceLanguage

    public init(ascii: Bool = false, color: Bool = true, language: InterfaceLanguage = .english) {
        self.ascii = ascii
        self.color = color
        self.language = language
    }

    /// Options for a process environment: colour unless `NO_COLOR` is set to a non-empty
    /// value (https://no-color.org).
    public init(environment: [String: String], ascii: Bool = false) {
        self.init(ascii: ascii, color: (environment["NO_COLOR"] ?? "").isEmpty)
    }

    /// `key` in the interface's language, with `arguments` in its placeholders.
    public func text(_ key: String, _ arguments: String...) -> String {
        language.text(key, arguments: arguments)
    }

    /// `key` in the form `count` takes in the interface's language, `count` first.
    public func text(_ key: String, count: Int, _ arguments: String...) -> String {
        language.text(key, count: count, arguments: arguments)
    }

    /// The symbol to draw for `glyph`.
    public func glyph(_ glyph: Glyph) -> String {
        ascii ? glyph.ascii : glyph.unicode
    }

    /// `text` in quotation marks: curly ones, or straight ones under `--ascii`.
    public func quoted(_ text: String) -> String {
        ascii ? "\"\(text)\"" : "\u{201C}\(text)\u{201D}"
    }

    /// `style`, without its colours when colour is off.
    public func style(_ style: Style) -> Style {
        color ? style : style.withoutColor
    }
}

/// The symbols widgets draw, each with a Unicode form and an ASCII fallback.
///
/// ```swift
/// Glyph.warning.unicode  // "⚠"
/// Glyph.warning.ascii    // "!"
/// ```
public enum Glyph: Sendable, Hashable, CaseIterable {
    case warning, check, cross, bullet, pointer, ellipsis
    case arrowUp, arrowDown, arrowLeft, arrowRight
    case horizontalLine, verticalLine
    case topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner

    public var unicode: String {
        switch self {
        case .warning: "⚠"
        case .check: "✓"
        case .cross: "✗"
        case .bullet: "•"
        case .pointer: "›"
        case .ellipsis: "…"
        case .arrowUp: "↑"
        case .arrowDown: "↓"
        case .arrowLeft: "←"
        case .arrowRight: "→"
        case .horizontalLine: "─"
        case .verticalLine: "│"
        case .topLeftCorner: "┌"
        case .topRightCorner: "┐"
        case .bottomLeftCorner: "└"
        case .bottomRightCorner: "┘"
        }
    }

    public var ascii: String {
        switch self {
        case .warning: "!"
        case .check: "*"
        case .cross: "x"
        case .bullet: "*"
        case .pointer: ">"
        case .ellipsis: "..."
        case .arrowUp: "up"
        case .arrowDown: "down"
        case .arrowLeft: "left"
        case .arrowRight: "right"
        case .horizontalLine: "-"
        case .verticalLine: "|"
        case .topLeftCorner, .topRightCorner, .bottomLeftCorner, .bottomRightCorner: "+"
        }
    }
}
