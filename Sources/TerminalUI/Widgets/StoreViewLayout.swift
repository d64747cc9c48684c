/// Where a `StoreView` puts things in an area: the product rows, the scrollbar, the
/// status line (filter and position) and the store buttons. Rows all have the style's
/// height, so finding a row by screen row or scrolling to one is arithmetic.
///
/// ```swift
/// let layout = view.layout(in: body, content: content, context: context)
/// layout.visibleRowCount                                    // rows per page (page up/down)
/// layout.rowIndex(atY: click.y, scrollOffset: state.scrollOffset, rowCount: content.products.count)
/// ```
public struct StoreViewLayout: Sendable, Hashable {
    /// The product rows, without the scrollbar column.
    public let list: Rect
    /// The scrollbar column, when there are more rows than fit.
    public let scrollbar: Rect?
    /// The filter and position line.
    public let status: Rect?
    /// The store buttons' row, when there are buttons.
    public let buttonBar: Rect?
    /// The style rows are drawn in (never `.automatic`).
    public let style: ProductViewStyle

    /// Rows one product takes.
    public var rowHeight: Int { style.height }

    /// Products that fit on screen at once (at least 1: a tall card is clipped, not hidden).
    public var visibleRowCount: Int { max(1, list.height / rowHeight) }

    /// The product index shown at screen row `y`, or `nil` off the rows.
    public func rowIndex(atY y: Int, scrollOffset: Int, rowCount: Int) -> Int? {
        guard y >= list.minY, y < list.maxY else { return nil }
        let index = scrollOffset + (y - list.y) / rowHeight
        return index < rowCount ? index : nil
    }

    /// The area of product `index` when it is on screen.
    public func rowRect(for index: Int, scrollOffset: Int) -> Rect? {
        let slot = index - scrollOffset
        guard slot >= 0, slot < visibleRowCount else { return nil }
        return Rect(x: list.x, y: list.y + slot * rowHeight, width: list.width, height: rowHeight).intersection(list)
    }

    /// The first row to show so that row `index` is on screen. The list moves a page at
    /// a time, as a pager does: a row already on screen keeps the page; going past the
    /// bottom turns the page forward (the row comes in at the top), going above the top
    /// turns it back (the row comes in at the bottom); never past the last page. Most
    /// moves then redraw two rows instead of scrolling the screen (BENCHMARKS.md).
    ///
    /// ```swift
    /// StoreViewLayout.scrollOffset(revealing: 10, from: 0, visibleRowCount: 10, rowCount: 50)  // 10
    /// StoreViewLayout.scrollOffset(revealing: 9, from: 10, visibleRowCount: 10, rowCount: 50)  // 0
    /// StoreViewLayout.scrollOffset(revealing: 48, from: 0, visibleRowCount: 10, rowCount: 50)  // 40
    /// ```
    public static func scrollOffset(revealing index: Int, from offset: Int, visibleRowCount: Int, rowCount: Int) -> Int {
        let visible = max(1, visibleRowCount)
        let lastPage = max(0, rowCount - visible)
        var offset = min(max(0, offset), lastPage)
        if index < offset {
            offset = index - visible + 1
        } else if index >= offset + visible {
            offset = index
        }
        return min(max(0, offset), lastPage)
    }
}

extension ProductViewStyle {
    /// Where the cursor goes in a row of this style: on its status glyph.
    func cursor(inRow rect: Rect) -> Position {
        self == .large ? Position(x: rect.x + 2, y: rect.y + 1) : Position(x: rect.x + 1, y: rect.y)
    }
}

/// Something a click landed on in a store view.
///
/// ```swift
/// switch view.hitTest(x: 10, y: 4, content: content, state: state, context: context, in: body) {
/// case .row(let index)?: state.select(index, in: content, layout: layout)
/// case .button(let button)?: activate(button)
/// case nil: break
/// }
/// ```
public enum StoreHit: Sendable, Hashable {
    /// A product row, by index into `StoreViewContent.products` (or a plan, by position in
    /// `SubscriptionStoreContent.options`).
    case row(Int)
    case button(StoreButton)
    /// The one Subscribe button of a subscription store's picker.
    case subscribeButton
}
