/// What the app draws on screen, each in the same way: made with what it shows, it is
/// told its area and the moment (the customer, the time, how to draw), and draws itself.
///
/// ```swift
/// let context = StoreContext(options: RenderOptions())
/// let bar = TitleBar(title: "Backyard Birds", trailing: "United Kingdom")
/// bar.render(in: Rect(x: 0, y: 0, width: 80, height: 1), context: context, into: &buffer)
/// ```
public protocol Widget {
    /// Draws into `area` of `buffer`.
    func render(in area: Rect, context: StoreContext, into buffer: inout Buffer)
    /// Where the terminal's cursor belongs while it shows (on the focused control, for
    /// screen readers); nil when it has no place.
    func cursorPosition(in area: Rect, context: StoreContext) -> Position?
}

extension Widget {
    public func cursorPosition(in area: Rect, context: StoreContext) -> Position? {
        nil
    }
}
