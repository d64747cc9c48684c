/// The small palette every colour terminal has, plus the terminal's own default.
///
/// ```swift
/// let price = Style(foreground: .green)
/// price.foreground == .green  // true
/// ```
public enum Color: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The terminal's own foreground or background (the user's theme).
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white

    public var description: String {
        switch self {
        case .default: "default"
        case .black: "black"
        case .red: "red"
        case .green: "green"
        case .yellow: "yellow"
        case .blue: "blue"
        case .magenta: "magenta"
        case .cyan: "cyan"
        case .white: "white"
        }
    }
}
