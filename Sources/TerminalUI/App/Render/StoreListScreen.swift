/// The first screen: the layout's shops, then Your Purchases.
struct StoreListScreen {
    let state: AppState
    let layout: AppLayout

    func render(into buffer: inout Buffer) -> Position? {
        let options = state.options.render
        let items = StoreListItem.items(of: state.layout, filter: state.storeList.filterText)
        let rows = layout.list(hasButtons: false).rows
        let list = LineList(area: rows, list: state.storeList, rowCount: items.count, options: options)
        let filterRow = Rect(x: layout.body.x, y: layout.body.y, width: layout.body.width, height: 1)
        let filter = state.storeList.filterText ?? ""
        let cursor = list.render(filterRow: filterRow, emptyMessage: "No shops match \(options.quoted(filter)).", into: &buffer) { index in
            let item = items[index]
            return LineList.Line(
                text: options.glyph(.pointer) + " " + item.title,
                trailing: summary(of: item),
                style: Palette.title,
                trailingStyle: Palette.secondary
            )
        }
        if state.layout.shops.isEmpty, rows.height > 2 {
            // Only Your Purchases would show: say why there is nothing else.
            let below = Rect(x: rows.x, y: rows.y + 2, width: rows.width, height: rows.height - 2)
            let context = state.storeContext
            drawMessage(
                ["Nothing for sale here.", "This catalog lists no products or subscriptions."],
                in: below, style: Palette.secondary, context: context, into: &buffer
            )
        }
        return cursor
    }

    /// "6 plans", "4 products", "2 owned".
    private func summary(of item: StoreListItem) -> String {
        switch item {
        case .shop(let shop):
            let count = shop.productIDs.count
            let noun = shop.kind == .subscriptions ? "plan" : "product"
            return "\(count) \(noun)\(count == 1 ? "" : "s")"
        case .purchases:
            guard let owned = state.store.owned else { return "" }
            let count = owned.purchasedProductIDs.count
            return count == 0 ? "" : "\(count) active"
        }
    }
}
