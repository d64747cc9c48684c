/// What an app draws on screen, each in the same way: made with what it shows, it is
/// told its area and the moment (whatever the app's `Context` says: the customer, the
/// time, how to draw), and draws itself.
///
/// The core knows no app, so a widget names the context it reads; TerminalUI's store
/// widgets all read a `StoreContext`, and a list of them is `[any Widget<StoreContext>]`.
///
/// ```swift
/// struct Banner: Widget {
///     var text: String
///     func render(in area: Rect, context: Style, into buffer: inout Buffer) {
///         buffer.write(text, x: area.x, y: area.y, style: context, within: area)
///     }
/// }
/// Banner(text: "Backyard Birds").render(in: Rect(x: 0, y: 0, width: 80, height: 1), context: Style(.bold), into: &buffer)
/// ```
public protocol Widget<Context> {
    /// What the widget reads besides what it was made with, the same for every widget of
    /// one app and one frame.
    associatedtype Context
    /// Draws into `area` of `buffer`.
    func render(in area: Rect, context: Context, into buffer: inout Buffer)
    /// Where the terminal's cursor belongs while it shows (on the focused control, for
    /// screen readers); nil when it has no place.
    func cursorPosition(in area: Rect, context: Context) -> Position?
}

extension Widget {
    public func cursorPosition(in area: Rect, context: Context) -> Position? {
        nil
    }
}
