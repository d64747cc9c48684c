import StorefrontModel

/// The first screen: the layout's shops, then Your Purchases, with a filter line.
struct StoreListScreen: AppScreen {
    var list: StoreListState
    let layout: StoreLayout
    let appLayout: AppLayout
    let context: StoreContext
    /// What the customer owns, for "2 active" on the Purchases row; nil until loaded.
    let owned: CustomerEntitlements?

    private var options: RenderOptions { context.options }
    private var items: [StoreListItem] { StoreListItem.items(of: layout, filter: list.filterText, language: options.language) }
    private var rows: Rect { appLayout.list(hasButtons: false).rows }

    var location: String? { nil }
    var keyContext: AppKeyBindings.Context { .storeList }
    var filterText: String? { list.filterText }
    var isEditingFilter: Bool { list.focus == .filter }

    mutating func update(_ action: ScreenAction) -> ScreenRequest? {
        if let delta = action.rowDelta(pageSize: rows.height) {
            list.focus = .list
            list.selectLine(list.selectedIndex + delta, count: items.count, visibleLines: rows.height)
            return nil
        }
        switch action {
        case .activate:
            let items = items
            return items.indices.contains(list.selectedIndex) ? .open(items[list.selectedIndex]) : nil
        case .tap(.row(let index)):
            if index == list.selectedIndex && list.focus == .list { return update(.activate) }
            return update(.move(by: index - list.selectedIndex))
        default:
            list.applyFilter(action)
            return nil
        }
    }

    func hitTest(x: Int, y: Int) -> ScreenAction? {
        guard rows.contains(x: x, y: y) else { return nil }
        return lines(count: items.count).rowIndex(atY: y).map { .tap(.row($0)) }
    }

    func save(into state: inout AppState) {
        state.screenStates[.storeList] = list
    }

    private func lines(count: Int) -> LineList {
        LineList(area: rows, list: list, rowCount: count, options: options)
    }

    func render(into buffer: inout Buffer) -> Position? {
        let items = items
        let body = appLayout.body
        let filterRow = Rect(x: body.x, y: body.y, width: body.width, height: 1)
        let filter = list.filterText ?? ""
        let cursor = lines(count: items.count).render(filterRow: filterRow, emptyMessage: options.text("No shops match %@.", options.quoted(filter)), into: &buffer) { index in
            let item = items[index]
            return LineList.Line(
                text: options.glyph(.pointer) + " " + item.title(language: options.language),
                trailing: summary(of: item),
                style: Palette.title,
                trailingStyle: Palette.secondary
            )
        }
        let rows = rows
        if layout.shops.isEmpty, rows.height > 2 {
            // Only Your Purchases would show: say why there is nothing else.
            let below = Rect(x: rows.x, y: rows.y + 2, width: rows.width, height: rows.height - 2)
            drawMessage(
                [options.text("Nothing for sale here."), options.text("This catalog lists no products or subscriptions.")],
                in: below, style: Palette.secondary, context: context, into: &buffer
            )
        }
        return cursor
    }

    /// "6 plans", "4 products", "offer", "2 active".
    private func summary(of item: StoreListItem) -> String {
        switch item {
        case .shop(let shop):
            let count = shop.productIDs.count
            return switch shop.kind {
            case .subscriptions: options.text("%lld plans", count: count)
            case .offer: options.text("offer")
            case .store: options.text("%lld products", count: count)
            }
        case .purchases:
            guard let owned else { return "" }
            let count = owned.purchasedProductIDs.count
            return count == 0 ? "" : options.text("%lld active", count: count)
        }
    }
}
