import Foundation
import StorefrontModel

/// The operator's transaction manager (`storefront run --transaction-manager`, key T), as
/// Xcode's Manage Transactions: the customer's transactions and the requests waiting, one
/// a line with its date, product and state; Enter opens the actions the selected row
/// allows, over the list; the last action's result on the bottom line.
struct TransactionManagerScreen: AppScreen {
    var state: TransactionManagerState
    let appLayout: AppLayout
    let options: RenderOptions
    let refundReasons: [String]
    /// Every product the layout names, loaded for the rows' names as Your Purchases loads them.
    let productIDs: [Product.ID]
    let names: (Product.ID) -> String
    let date: (Date, Bool) -> String

    // The button bar's row holds the last action's result.
    private var area: (rows: Rect, resultLine: Rect?) {
        let (rows, bar) = appLayout.list(hasButtons: true)
        return (rows, bar)
    }

    var location: String? { options.text("Transactions") }
    var keyContext: AppKeyBindings.Context {
        guard let dialog = state.dialog else { return .transactionManager }
        return dialog.prompt == nil ? .managerMenu : .managerEntry
    }
    var filterText: String? { nil }
    var isEditingFilter: Bool { false }

    mutating func update(_ action: ScreenAction) -> ScreenRequest? {
        if state.dialog != nil { return updateDialog(action) }
        let count = state.items?.count ?? 0
        if let delta = action.rowDelta(pageSize: area.rows.height) {
            state.list.selectLine(state.list.selectedIndex + delta, count: count, visibleLines: area.rows.height)
            return nil
        }
        switch action {
        case .activate:
            guard let item = state.selectedItem, !item.verbs.isEmpty, !state.isBusy else { return nil }
            state.dialog = ManagerDialog(item: item)
        case .tap(.row(let index)):
            guard index < count else { return nil }
            state.list.selectedIndex = index
        case .goBack:
            return .leaveTransactionManager(to: state.returnScreen)
        default:
            break
        }
        return nil
    }

    private mutating func updateDialog(_ action: ScreenAction) -> ScreenRequest? {
        guard var dialog = state.dialog else { return nil }
        if let delta = action.rowDelta(pageSize: area.rows.height) {
            dialog.move(by: delta, refundReasons: refundReasons)
            state.dialog = dialog
            return nil
        }
        switch action {
        case .typeFilter(let text):
            dialog.type(text)
        case .eraseFilter:
            dialog.erase()
        case .goBack:
            state.dialog = nil
            return nil
        case .activate:
            switch dialog.activate(refundReasons: refundReasons) {
            case .next(let step)?:
                dialog = dialog.going(to: step)
            case .invalid(let problem)?:
                dialog = dialog.refusing(problem)
            case .perform(let action)?:
                state.dialog = nil
                state.isBusy = true
                state.result = nil
                return .manage(action, dialog.item)
            case nil:
                break
            }
        default:
            break
        }
        state.dialog = dialog
        return nil
    }

    /// The rows are read when the screen opens and whenever what the customer owns changed.
    func effects(after news: ScreenNews) -> [AppEffect] {
        switch news {
        case .opened:
            return [.loadManagedItems, .loadProducts(productIDs, slot: AppState.purchasesSlot)]
        case .transactionEnded:
            return [.loadManagedItems]
        case .storeChanged(let previous, let data):
            return data.owned != previous.owned || data.awaitingApproval != previous.awaitingApproval ? [.loadManagedItems] : []
        }
    }

    func hitTest(x: Int, y: Int) -> ScreenAction? {
        guard state.dialog == nil, area.rows.contains(x: x, y: y) else { return nil }
        let lines = LineList(area: area.rows, list: state.list, rowCount: state.items?.count ?? 0, options: options)
        return lines.rowIndex(atY: y).map { .tap(.row($0)) }
    }

    func save(into appState: inout AppState) {
        appState.screenStates[.transactionManager] = state
    }

    func render(into buffer: inout Buffer) -> Position? {
        let (rows, resultLine) = area
        let items = state.items ?? []
        let empty = state.loadError ?? (state.items == nil ? options.text("Loading%@", options.glyph(.ellipsis)) : options.text("No transactions."))
        let lines = LineList(area: rows, list: state.list, rowCount: items.count, options: options)
        let cursor = lines.render(filterRow: nil, emptyMessage: empty, into: &buffer) { index in
            line(for: items[index], wide: rows.width >= 60)
        }
        if let resultLine, let result = state.result {
            let text = result.text.truncated(toWidth: resultLine.width - 1, ellipsis: options.glyph(.ellipsis))
            buffer.write(text, x: resultLine.x + 1, y: resultLine.y, style: options.style(result.isError ? Palette.error : Palette.owned), within: resultLine)
        }
        guard let dialog = state.dialog else { return cursor }
        return ManagerDialogSheet(dialog: dialog, refundReasons: refundReasons, options: options, title: title(of: dialog.item))
            .render(in: appLayout.body, into: &buffer)
    }

    /// "#3  01/01/2026, 09:30 AM  Sanctuary Monthly" with its states on the right.
    private func line(for item: ManagedItem, wide: Bool) -> LineList.Line {
        let states = item.states.map { options.text($0.title) }.joined(separator: options.text(", "))
        let style: Style = item.kind == .transaction ? .plain : Palette.waiting
        return LineList.Line(
            text: "#\(item.recordID)  \(date(item.date, wide))  \(names(item.productID))",
            trailing: states, style: style, trailingStyle: Palette.secondary
        )
    }

    private func title(of item: ManagedItem) -> String {
        "\(names(item.productID)) #\(item.recordID)"
    }
}
