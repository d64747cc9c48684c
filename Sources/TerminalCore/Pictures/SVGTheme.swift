/// The colours a screen picture (`Buffer.svg(theme:title:)`) is drawn in: the terminal's
/// own foreground and background, the eight palette colours and the window frame.
///
/// ```swift
/// let picture = buffer.svg(theme: .light)
/// SVGTheme.dark.background  // "#1e1e2e"
/// ```
public struct SVGTheme: Sendable, Hashable {
    /// The terminal's default background, as a CSS colour.
    public var background: String
    /// The terminal's default foreground.
    public var foreground: String
    /// Black, red, green, yellow, blue, magenta, cyan, white, in `Color`'s order.
    public var palette: [String]
    /// The window frame's title bar.
    public var frame: String
    /// The title's colour.
    public var title: String

    public init(background: String, foreground: String, palette: [String], frame: String, title: String) {
        precondition(palette.count == 8, "a palette has the eight terminal colours")
        self.background = background
        self.foreground = foreground
        self.palette = palette
        self.frame = frame
        self.title = title
    }

    /// Light text on a near-black background.
    public static let dark = SVGTheme(
        background: "#1e1e2e", foreground: "#d8dee9",
        palette: ["#3b4252", "#e06c75", "#98c379", "#e5c07b", "#61afef", "#c678dd", "#56b6c2", "#eceff4"],
        frame: "#2e2e3e", title: "#a0a8b8"
    )

    /// Dark text on a near-white background.
    public static let light = SVGTheme(
        background: "#fafafa", foreground: "#383a42",
        palette: ["#383a42", "#c8323a", "#3a8a2e", "#a66f00", "#2f5fcf", "#a626a4", "#0f8390", "#d0d0d0"],
        frame: "#e4e4e8", title: "#606068"
    )

    /// The CSS colour of `color`, or nil for the terminal's default.
    func css(_ color: Color) -> String? {
        color == .default ? nil : palette[Int(color.rawValue) - 1]
    }
}
