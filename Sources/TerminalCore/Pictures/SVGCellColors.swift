/// The colours one cell is drawn in, reverse video applied.
struct SVGCellColors {
    let foreground: String
    /// Nil where the terminal's own background shows.
    let background: String?

    init(style: Style, theme: SVGTheme) {
        let foreground = theme.css(style.foreground)
        let background = theme.css(style.background)
        if style.modifiers.contains(.reverse) {
            self.foreground = background ?? theme.background
            self.background = foreground ?? theme.foreground
        } else {
            self.foreground = foreground ?? theme.foreground
            self.background = background
        }
    }
}
