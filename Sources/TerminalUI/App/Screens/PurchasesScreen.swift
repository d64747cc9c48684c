import StorefrontModel

/// What the customer owns and has bought: entitlements, the collection of consumables,
/// the history with each transaction's verification (✓ verified, ⚠ unverified), and
/// Restore Purchases.
struct PurchasesScreen: AppScreen {
    var list: StoreListState
    let content: PurchasesContent
    let appLayout: AppLayout
    let options: RenderOptions
    /// Every product the layout names, for the names in the history.
    let productIDs: [Product.ID]

    static let buttons = [StoreButton(role: .restorePurchases)]

    private var area: (rows: Rect, buttonBar: Rect?) { appLayout.list(hasButtons: true) }

    var location: String? { StoreListItem.purchases.title(language: options.language) }
    var keyContext: AppKeyBindings.Context { selectedRefundable != nil ? .refundablePurchase : .purchases }

    /// The selected purchase when the customer may ask a refund of it: verified, theirs,
    /// not refunded (f opens the refund sheet).
    private var selectedRefundable: Transaction? {
        guard list.focus == .list, !content.rows.isEmpty else { return nil }
        guard case .transaction(let result, _) = content.rows[content.selectableIndex(from: list.selectedIndex, movingBy: 0)],
              let transaction = result.verifiedValue, transaction.isRefundable
        else { return nil }
        return transaction
    }
    var filterText: String? { list.filterText }
    var isEditingFilter: Bool { list.focus == .filter }

    mutating func update(_ action: ScreenAction) -> ScreenRequest? {
        let rows = area.rows
        if let delta = action.rowDelta(pageSize: rows.height) {
            // Headings are passed over: the selection rests on what can be read out.
            list.focus = .list
            let target = content.selectableIndex(from: list.selectedIndex, movingBy: delta)
            list.selectLine(target, count: content.rows.count, visibleLines: rows.height)
            return nil
        }
        switch action {
        case .focusList:
            list.focus.returnToList()
            return nil
        case .activate:
            if case .button(let role) = list.focus { return .press(StoreButton(role: role)) }
            return nil
        case .cycleFocus(let backwards):
            list.focus = .next(after: list.focus, roles: Self.buttons.map(\.role), backwards: backwards)
            return nil
        case .tap(.row(let index)):
            guard content.rows.indices.contains(index), content.rows[index].isSelectable else { return nil }
            list.focus = .list
            list.selectedIndex = index
            return nil
        case .tap(.button(let button)):
            return list.focus.press(button)
        case .requestRefund:
            return selectedRefundable.map { .requestRefund($0) }
        default:
            list.applyFilter(action)
            return nil
        }
    }

    func hitTest(x: Int, y: Int) -> ScreenAction? {
        let (rows, bar) = area
        if let bar, y == bar.y, let button = StoreButtonBar(buttons: Self.buttons, options: options).button(atX: x, in: bar) {
            return .tap(.button(button))
        }
        guard rows.contains(x: x, y: y) else { return nil }
        let lines = LineList(area: rows, list: list, rowCount: content.rows.count, options: options)
        return lines.rowIndex(atY: y).map { .tap(.row($0)) }
    }

    /// The history is read when the screen opens, and again whenever what the customer
    /// owns may have changed; the refund marks, whenever a request was made or decided elsewhere.
    func effects(after news: ScreenNews) -> [AppEffect] {
        switch news {
        case .opened:
            return [.loadHistory, .refreshEntitlements, .loadProducts(productIDs, slot: AppState.purchasesSlot), .loadRefundRequests]
        case .storeChanged(let previous, let data):
            var effects: [AppEffect] = []
            if let owned = data.owned, owned != previous.owned { effects.append(.loadHistory) }
            if data.refundRequestChanges != previous.refundRequestChanges { effects.append(.loadRefundRequests) }
            return effects
        case .transactionEnded:
            return [.loadHistory]
        }
    }

    func save(into state: inout AppState) {
        state.screenStates[.purchases] = list
    }

    func render(into buffer: inout Buffer) -> Position? {
        let (rows, bar) = area
        var selection = list
        selection.selectedIndex = content.selectableIndex(from: selection.selectedIndex, movingBy: 0)
        let lines = LineList(area: rows, list: selection, rowCount: content.rows.count, options: options)
        let body = appLayout.body
        let filterRow = Rect(x: body.x, y: body.y, width: body.width, height: 1)
        var cursor = lines.render(filterRow: filterRow, emptyMessage: "", into: &buffer) { index in
            line(for: content.rows[index])
        }
        if let bar {
            let buttonBar = StoreButtonBar(buttons: Self.buttons, options: options)
            buttonBar.render(in: bar, focus: list.focus, into: &buffer)
            if case .button(let role) = list.focus {
                cursor = buttonBar.placements(in: bar).first { $0.button.role == role }.map { Position(x: $0.area.x, y: $0.area.y) }
            }
        }
        return cursor
    }

    private func line(for row: PurchasesContent.Row) -> LineList.Line {
        switch row {
        case .heading(let title):
            return LineList.Line(text: title, style: Palette.title)
        case .entitlement(let name, let detail, let isActive):
            let mark = isActive ? options.glyph(.check) : options.glyph(.bullet)
            return LineList.Line(
                text: "  \(mark) \(name)", trailing: detail ?? "",
                style: isActive ? Palette.owned : Palette.secondary, trailingStyle: Palette.secondary
            )
        case .collection(let name, let count):
            return LineList.Line(text: "  \(name) \(options.symbol(.times))\(count)", style: .plain)
        case .transaction(let result, let name):
            // A narrow screen keeps room for the name: the date alone.
            return transactionLine(result, name: name, withTime: area.rows.width >= 60)
        case .note(let text):
            return LineList.Line(text: "  " + text, style: Palette.secondary)
        }
    }

    /// "✓ 01/01/2026, 09:30 AM  Sunflower Hearts ×2" with its state on the right.
    private func transactionLine(_ result: VerificationResult<Transaction>, name: String, withTime: Bool) -> LineList.Line {
        let transaction = result.unsafePayloadValue
        let verified = result.verifiedValue != nil
        let quantity = transaction.purchasedQuantity > 1 ? " \(options.symbol(.times))\(transaction.purchasedQuantity)" : ""
        let mark = verified ? options.glyph(.check) : options.glyph(.warning)
        var notes: [String] = []
        if !verified { notes.append(options.text("unverified")) }
        if transaction.ownershipType == .familyShared {
            notes.append(transaction.revocationDate != nil ? options.text("no longer shared") : options.text("Shared by your family"))
        } else if transaction.revocationDate != nil {
            notes.append(options.text("refunded"))
        } else if content.refundRequested.contains(transaction.id) {
            notes.append(options.text("refund requested"))
        }
        if transaction.isUpgraded { notes.append(options.text("upgraded")) }
        if transaction.offer?.paymentMode == .freeTrial { notes.append(options.text("free trial")) }
        return LineList.Line(
            text: "  \(mark) \(content.historyDate(transaction.purchaseDate, withTime: withTime))  \(name)\(quantity)",
            trailing: notes.joined(separator: options.text(", ")),
            style: verified ? .plain : Palette.warning,
            trailingStyle: verified ? Palette.secondary : Palette.warning
        )
    }
}
