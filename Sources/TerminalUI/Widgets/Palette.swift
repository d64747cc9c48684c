/// The styles of the store widgets, in one place so every screen agrees. Widgets pass
/// them through `StoreContext.style(_:)` / `RenderOptions.style(_:)` for NO_COLOR.
enum Palette {
    static let title = Style(.bold)
    static let secondary = Style(.dim)
    static let price = Style(.bold)
    static let buy = Style(.bold, foreground: .blue)
    static let owned = Style(foreground: .green)
    static let waiting = Style(foreground: .yellow)
    static let busy = Style(foreground: .cyan)
    static let warning = Style(.bold, foreground: .yellow)
    static let error = Style(.bold, foreground: .red)
    static let offer = Style(foreground: .green)
    static let selected = Style(.reverse)
    static let disabled = Style(.dim)
    static let link = Style(.underline)
    static let border = Style(foreground: .cyan)
    static let accent = Style(.bold, foreground: .cyan)
}
