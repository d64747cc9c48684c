/// The first line of a store row, for a product or a placeholder: the glyph, the name and a
/// badge, then the price (or status) and Buy, right-aligned; the name bold and reversed
/// when selected.
struct RowHeadline {
    let glyph: (text: String, style: Style)
    let name: String
    let badge: String?
    let status: (text: String, style: Style)
    /// Buy's style; `nil` hides it.
    let buyStyle: Style?
    let isSelected: Bool
    /// A large card's name is bold; a list row's is plain, so the selection is the one bold
    /// name in the list and a move rewrites two names with no attribute change for the
    /// row it leaves (BENCHMARKS.md, in-page moves).
    let isCard: Bool
    /// Width of the price column, so prices line up across rows.
    let priceWidth: Int
    let context: StoreContext
    /// An offer's few words, in place of the badge, show in the offer's colour.
    var badgeStyle: Style = Palette.secondary

    func draw(in rect: Rect, y: Int, indent: Int, into buffer: inout Buffer) {
        buffer.write(glyph.text, x: rect.x + 1, y: y, style: context.style(glyph.style), within: rect)
        let buyLabel = context.options.text("Buy")
        let buyX = rect.maxX - 1 - displayWidth(of: buyLabel)
        if let buyStyle {
            buffer.write(buyLabel, x: buyX, y: y, style: context.style(buyStyle), within: rect)
        }
        let statusWidth = displayWidth(of: status.text)
        let priceEnd = buyX - 2
        buffer.write(status.text, x: priceEnd - statusWidth, y: y, style: context.style(status.style), within: rect)

        let nameX = rect.x + indent
        let nameEnd = priceEnd - max(priceWidth, statusWidth) - 2
        let badgeWidth = badge.map { displayWidth(of: $0) + 1 } ?? 0
        let shown = name.truncated(toWidth: max(0, nameEnd - nameX - badgeWidth), ellipsis: context.options.glyph(.ellipsis))
        let afterName = buffer.write(shown, x: nameX, y: y, style: isCard ? context.style(Palette.title) : .plain, within: rect)
        if let badge {
            buffer.write(badge, x: afterName + 1, y: y, style: context.style(badgeStyle), within: rect)
        }
        if isSelected {
            // From the blank before the name: the glyph keeps its own look beside the bar.
            buffer.markSelected(from: nameX - 1, upTo: afterName, y: y, within: rect)
        }
    }
}
