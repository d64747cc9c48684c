/// A session's terminal size in columns and rows, as a `pty-req` or `window-change` asks
/// for it (up to 2³² - 1 each) and as the server grants it.
///
/// ```swift
/// let asked = WindowSize(width: 5000, height: 5000)
/// asked.bounded(by: WindowSize(width: 1000, height: 1000))   // 1000x1000
/// ```
public struct WindowSize: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// No wider and no taller than `largest`.
    public func bounded(by largest: WindowSize) -> WindowSize {
        WindowSize(width: min(width, largest.width), height: min(height, largest.height))
    }

    public var description: String { "\(width)x\(height)" }
}
