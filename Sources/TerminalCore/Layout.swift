/// Splits a `Rect` into rows (vertical) or columns (horizontal) by constraints.
///
/// Fixed and minimum sizes are given first, in order, while space lasts; what is left
/// is shared by `min` (weight 1) and `fill` (its weight) areas, with any remainder going
/// to the earliest of them. With no growable area, leftover space stays unused at the end.
///
/// ```swift
/// let screen = Rect(x: 0, y: 0, width: 80, height: 24)
/// let rows = screen.split(.vertical([.fixed(1), .fill(1), .fixed(1)]))
/// rows[1].height  // 22: the body between a header and a help bar
/// ```
public struct Layout: Sendable, Hashable {
    /// Which way the areas are laid out.
    public enum Direction: Sendable, Hashable {
        /// Areas stacked top to bottom.
        case vertical
        /// Areas side by side, left to right.
        case horizontal
    }

    /// The size rule for one area.
    public enum Constraint: Sendable, Hashable {
        /// Exactly this many cells (fewer only when the area runs out).
        case fixed(Int)
        /// At least this many cells, and a weight-1 share of the leftover.
        case min(Int)
        /// A share of the leftover proportional to the weight.
        case fill(Int)
    }

    public var direction: Direction
    public var constraints: [Constraint]
    /// Empty cells between neighbouring areas.
    public var spacing: Int

    public init(_ direction: Direction, _ constraints: [Constraint], spacing: Int = 0) {
        self.direction = direction
        self.constraints = constraints
        self.spacing = max(0, spacing)
    }

    /// Areas stacked top to bottom: `Layout.vertical([.fixed(1), .fill(1)])`.
    public static func vertical(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
        Layout(.vertical, constraints, spacing: spacing)
    }

    /// Areas side by side: `Layout.horizontal([.fill(1), .fixed(12)], spacing: 1)`.
    public static func horizontal(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
        Layout(.horizontal, constraints, spacing: spacing)
    }

    /// One rect per constraint, in order, covering `area` along the layout's direction.
    public func split(_ area: Rect) -> [Rect] {
        let total = direction == .vertical ? area.height : area.width
        let sizes = self.sizes(total: max(0, total - spacing * max(0, constraints.count - 1)))
        var offset = direction == .vertical ? area.y : area.x
        return sizes.map { size in
            defer { offset += size + spacing }
            return direction == .vertical
                ? Rect(x: area.x, y: offset, width: area.width, height: size)
                : Rect(x: offset, y: area.y, width: size, height: area.height)
        }
    }

    private func sizes(total: Int) -> [Int] {
        var remaining = total
        var sizes = constraints.map { constraint -> Int in
            let wanted: Int
            switch constraint {
            case .fixed(let size), .min(let size): wanted = max(0, size)
            case .fill: wanted = 0
            }
            let given = Swift.min(wanted, remaining)
            remaining -= given
            return given
        }
        let weights = constraints.map { constraint -> Int in
            switch constraint {
            case .fixed: 0
            case .min: 1
            case .fill(let weight): max(0, weight)
            }
        }
        let totalWeight = weights.reduce(0, +)
        guard remaining > 0, totalWeight > 0 else { return sizes }
        var handedOut = 0
        for index in sizes.indices {
            let share = remaining * weights[index] / totalWeight
            sizes[index] += share
            handedOut += share
        }
        var extra = remaining - handedOut
        for index in sizes.indices where extra > 0 && weights[index] > 0 {
            sizes[index] += 1
            extra -= 1
        }
        return sizes
    }
}
