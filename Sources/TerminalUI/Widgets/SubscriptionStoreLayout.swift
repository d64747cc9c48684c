import StorefrontModel

/// Where a `SubscriptionStoreView` puts things. When the area is short, parts give way in
/// this order: blank spacer rows, the subtitle, the lines under unselected plans, the
/// line under the selected plan; then the plan list scrolls to keep the selection shown.
struct SubscriptionStoreLayout {
    struct Slot {
        /// Index into the content's options.
        let index: Int
        let rect: Rect
        let showsDetail: Bool
    }

    var titleY: Int?
    var subtitle: [(line: String, y: Int)] = []
    /// The prominent picker's box.
    var box: Rect?
    var slots: [Slot] = []
    /// Where loading, failure and empty messages go.
    var message: Rect?
    var subscribeButton: Rect?
    /// Rows over the plans: option group tabs.
    var aboveList: Rect?
    /// Rows under the plans: a paged picker's dots, links to other option groups.
    var belowList: Rect?
    var bar: Rect?
    /// The row under the bar that shows the focused policy's link.
    var footer: Rect?
    var column: Rect

    private enum DetailMode { case all, selected, none }

    private struct Tier {
        let spacers: Bool
        let subtitle: Bool
        let details: DetailMode
    }

    private static let tiers = [
        Tier(spacers: true, subtitle: true, details: .all),
        Tier(spacers: false, subtitle: true, details: .all),
        Tier(spacers: false, subtitle: false, details: .all),
        Tier(spacers: false, subtitle: false, details: .selected),
        Tier(spacers: false, subtitle: false, details: .none),
    ]

    /// A compact picker's plan side by side with the others: name, price, offer.
    static let columnHeight = 3

    /// Lays out `area` for a header (title and wrapped subtitle lines), plans whose
    /// detail lines exist where `hasDetail` says (side by side, `columnHeight` rows each,
    /// when `sideBySide`), `rowsAbove` and `rowsBelow` them, a notice in place of
    /// Subscribe when `hasNotice`, and the bar and footer rows.
    init(
        area: Rect, maximumWidth: Int, header: (title: String, subtitle: [String])?, hasDetail: [Bool]?,
        selectedIndex: Int?, style: SubscriptionStoreControlStyle, labelHeight: Int, hasNotice: Bool = false, hasBar: Bool, hasFooter: Bool,
        sideBySide: Bool = false, rowsAbove: Int = 0, rowsBelow: Int = 0
    ) {
        let width = min(area.width, maximumWidth)
        column = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: area.height)
        let optionHeight = style == .buttons ? labelHeight : 1
        let indicatorHeight = rowsAbove + rowsBelow
        // A notice (`hasNotice`) takes the Subscribe button's row; plan buttons have none, so it gets one.
        let buttonHeight = style == .buttons ? (hasNotice ? 1 : 0) : labelHeight

        func showsDetail(_ index: Int, _ tier: Tier) -> Bool {
            guard hasDetail?[index] == true else { return false }
            return tier.details == .all || (tier.details == .selected && index == selectedIndex)
        }
        func heights(_ tier: Tier) -> [Int] {
            // Side by side, the plans take one band of rows.
            if sideBySide { return hasDetail.map { _ in [Self.columnHeight] } ?? [] }
            return (hasDetail ?? []).indices.map { optionHeight + (showsDetail($0, tier) ? 1 : 0) }
        }
        func headerHeight(_ tier: Tier) -> Int {
            guard let header else { return 0 }
            return 1 + (tier.subtitle ? header.subtitle.count : 0) + (tier.spacers ? 1 : 0)
        }
        func bodyHeight(_ tier: Tier) -> Int {
            guard hasDetail != nil else { return 3 }
            let options = heights(tier).reduce(0, +) + (style == .buttons && tier.spacers ? max(0, heights(tier).count - 1) : 0)
            return options + (style == .prominentPicker ? 2 : 0) + indicatorHeight + (buttonHeight > 0 ? buttonHeight + (tier.spacers ? 1 : 0) : 0)
        }
        func bottomHeight(_ tier: Tier) -> Int {
            (hasBar ? 1 + (tier.spacers ? 1 : 0) : 0) + (hasFooter && tier.spacers ? 1 : 0)
        }
        let tier = Self.tiers.first { headerHeight($0) + bodyHeight($0) + bottomHeight($0) <= area.height } ?? Self.tiers[Self.tiers.count - 1]

        // Bottom up: footer, bar, spacer.
        var bottom = area.maxY
        if hasFooter && tier.spacers {
            footer = Rect(x: column.x, y: bottom - 1, width: width, height: 1)
            bottom -= 1
        }
        if hasBar {
            bar = Rect(x: column.x, y: bottom - 1, width: width, height: 1)
            bottom -= tier.spacers ? 2 : 1
        }
        // Top down, centred in what is left.
        let topHeight = headerHeight(tier) + bodyHeight(tier)
        var y = area.y + max(0, (bottom - area.y - topHeight) / 2)
        if let header {
            titleY = y
            y += 1
            if tier.subtitle {
                subtitle = header.subtitle.map { line in
                    defer { y += 1 }
                    return (line, y)
                }
            }
            if tier.spacers { y += 1 }
        }
        guard hasDetail != nil else {
            message = Rect(x: column.x, y: y, width: width, height: max(0, bottom - y))
            return
        }
        let spaceForOptions = bottom - y - (style == .prominentPicker ? 2 : 0) - indicatorHeight - (buttonHeight > 0 ? buttonHeight + (tier.spacers ? 1 : 0) : 0)
        let optionHeights = heights(tier)
        let gap = style == .buttons && tier.spacers ? 1 : 0
        let first = Self.firstShown(heights: optionHeights, gap: gap, selected: selectedIndex ?? 0, space: spaceForOptions)
        if rowsAbove > 0 {
            aboveList = Rect(x: column.x, y: y, width: width, height: rowsAbove)
            y += rowsAbove
        }
        var inset = Insets(horizontal: 1)
        if style == .prominentPicker {
            let shownHeight = Self.shownHeight(heights: optionHeights, from: first, gap: gap, space: spaceForOptions)
            box = Rect(x: column.x + 1, y: y, width: width - 2, height: shownHeight + 2)
            inset = Insets(top: 1, left: 2, right: 2)
        }
        let listArea = Rect(x: column.x, y: y, width: width, height: max(0, spaceForOptions)).inset(by: Insets(left: inset.left, right: inset.right))
        var slotY = y + inset.top
        if sideBySide, let count = hasDetail?.count, count > 0, spaceForOptions >= Self.columnHeight {
            // Equal columns, one column of space between them.
            let columnWidth = (listArea.width - (count - 1)) / count
            for index in 0..<count {
                slots.append(Slot(index: index, rect: Rect(x: listArea.x + index * (columnWidth + 1), y: slotY, width: columnWidth, height: Self.columnHeight), showsDetail: true))
            }
            slotY += Self.columnHeight + gap
        } else if !sideBySide {
            for index in first..<optionHeights.count {
                guard slotY + optionHeights[index] <= listArea.maxY + inset.top else { break }
                slots.append(Slot(index: index, rect: Rect(x: listArea.x, y: slotY, width: listArea.width, height: optionHeights[index]), showsDetail: showsDetail(index, tier)))
                slotY += optionHeights[index] + gap
            }
        }
        y = (box?.maxY ?? (slotY - gap))
        if rowsBelow > 0 {
            belowList = Rect(x: column.x, y: y, width: width, height: rowsBelow)
            y += rowsBelow
        }
        if buttonHeight > 0 {
            y += tier.spacers ? 1 : 0
            subscribeButton = Rect(x: column.x, y: y, width: width, height: buttonHeight)
        }
    }

    /// The first plan to show so that the selected one fits in `space` rows.
    private static func firstShown(heights: [Int], gap: Int, selected: Int, space: Int) -> Int {
        guard selected < heights.count else { return 0 }
        var first = 0
        while first < selected, heights[first...selected].reduce(0, +) + gap * (selected - first) > space {
            first += 1
        }
        return first
    }

    /// Rows the plans from `first` on take, as many as fit in `space`.
    private static func shownHeight(heights: [Int], from first: Int, gap: Int, space: Int) -> Int {
        var used = 0
        for height in heights[first...] {
            let next = used + (used > 0 ? gap : 0) + height
            guard next <= space else { break }
            used = next
        }
        return used
    }
}
