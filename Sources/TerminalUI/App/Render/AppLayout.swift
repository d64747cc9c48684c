/// Where the parts of the app's screen go: a header row, the body, the help bar.
/// Worked out from the size on every frame and every key, never cached, so a resize
/// needs nothing special.
///
/// ```swift
/// let layout = AppLayout(size: TerminalSize(width: 80, height: 24))
/// layout.body  // 80x22+0+1
/// ```
struct AppLayout {
    let screen: Rect
    let header: Rect
    let body: Rect
    let helpBar: Rect

    init(size: TerminalSize) {
        screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let rows = screen.split(.vertical([.fixed(1), .fill(1), .fixed(1)]))
        header = rows[0]
        body = rows[1]
        helpBar = rows[2]
    }

    var isTooSmall: Bool {
        !TooSmallMessage.fits(width: screen.width, height: screen.height)
    }

    /// The area of the app's own one-line-per-row lists (store list, Purchases) inside the
    /// body: a margin of one column each side, a blank row on top, and room for a button
    /// bar at the bottom when `hasButtons`.
    func list(hasButtons: Bool) -> (rows: Rect, buttonBar: Rect?) {
        let inner = body.inset(by: Insets(top: 1, left: 1, right: 1))
        guard hasButtons, inner.height >= 3 else { return (inner, nil) }
        let parts = inner.split(.vertical([.fill(1), .fixed(1)]))
        return (parts[0], parts[1])
    }
}
