/// A session's terminal size: what the client asked for (`pty-req`, then each
/// `window-change`) and what the server grants, at most `largest`; a larger window is told so.
///
/// ```swift
/// var window = SessionWindow(largest: WindowSize(width: 1000, height: 1000))
/// window.ask(width: 5000, height: 40)
/// window.granted   // 1000x40
/// window.notice    // "Your window is 5000x40 characters; the store uses its top-left 1000x40 …"
/// ```
struct SessionWindow: Equatable {
    let largest: WindowSize
    private(set) var asked = WindowSize(width: 80, height: 24)
    private(set) var granted = WindowSize(width: 80, height: 24)

    init(largest: WindowSize) {
        self.largest = largest
    }

    /// A new size from the client; a 0 keeps that side as it was (RFC 4254 allows 0 for
    /// "unknown").
    mutating func ask(width: Int, height: Int) {
        if width > 0 { asked.width = width }
        if height > 0 { asked.height = height }
        granted = asked.bounded(by: largest)
    }

    /// Said on the bottom row while the window is larger than the server grants.
    var notice: String? {
        granted == asked ? nil
            : "Your window is \(asked) characters; the store uses its top-left \(granted) (at most \(largest))."
    }
}
