/// A rectangle of terminal cells: the area a widget draws into.
///
/// Width and height are never negative; an empty rect has no cells.
///
/// ```swift
/// let screen = Rect(x: 0, y: 0, width: 80, height: 24)
/// let body = screen.inset(by: Insets(top: 1, bottom: 1))   // 80x22 at y 1
/// let columns = body.split(.horizontal([.fill(1), .fixed(30)]))
/// columns[0].width  // 50
/// ```
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// A rect at column `x`, row `y`; a negative width or height becomes 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var minX: Int { x }
    public var minY: Int { y }
    /// One past the last column.
    public var maxX: Int { x + width }
    /// One past the last row.
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(x column: Int, y row: Int) -> Bool {
        column >= minX && column < maxX && row >= minY && row < maxY
    }

    /// The cells both rects cover; empty (zero size) when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }

    /// This rect shrunk by `insets` on each side; never smaller than empty.
    public func inset(by insets: Insets) -> Rect {
        Rect(
            x: x + insets.left,
            y: y + insets.top,
            width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom
        )
    }

    /// Splits this rect into consecutive areas, one per constraint of `layout`.
    public func split(_ layout: Layout) -> [Rect] {
        layout.split(self)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// Margins on the four sides of a `Rect`.
///
/// ```swift
/// Rect(x: 0, y: 0, width: 10, height: 5).inset(by: Insets(all: 1))  // 8x3+1+1
/// ```
public struct Insets: Sendable, Hashable {
    public var top: Int
    public var left: Int
    public var bottom: Int
    public var right: Int

    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same margin on every side.
    public init(all: Int) {
        self.init(top: all, left: all, bottom: all, right: all)
    }

    /// `horizontal` on the left and right, `vertical` on the top and bottom.
    public init(horizontal: Int = 0, vertical: Int = 0) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }
}

/// A cell position on screen: column `x`, row `y`, both from 0.
///
/// ```swift
/// let cursor = Position(x: 2, y: 5)  // where the focused row starts
/// ```
public struct Position: Sendable, Hashable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
