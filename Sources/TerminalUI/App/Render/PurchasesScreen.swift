import StorefrontModel

/// What the customer owns and has bought: entitlements, the collection of consumables,
/// the history with each transaction's verification (✓ verified, ⚠ unverified), and
/// Restore Purchases.
struct PurchasesScreen {
    let state: AppState
    let layout: AppLayout

    static let buttons = [StoreButton(role: .restorePurchases)]

    func render(into buffer: inout Buffer) -> Position? {
        let options = state.options.render
        let content = PurchasesContent(state: state)
        let (rows, bar) = layout.list(hasButtons: true)
        var selection = state.purchasesList
        selection.selectedIndex = content.selectableIndex(from: selection.selectedIndex, movingBy: 0)
        let list = LineList(area: rows, list: selection, rowCount: content.rows.count, options: options)
        let filterRow = Rect(x: layout.body.x, y: layout.body.y, width: layout.body.width, height: 1)
        var cursor = list.render(filterRow: filterRow, emptyMessage: "", into: &buffer) { index in
            line(for: content.rows[index], options: options)
        }
        if let bar {
            let buttonBar = StoreButtonBar(buttons: Self.buttons, options: options)
            buttonBar.render(in: bar, focus: state.purchasesList.focus, into: &buffer)
            if case .button(let role) = state.purchasesList.focus {
                cursor = buttonBar.placements(in: bar).first { $0.button.role == role }.map { Position(x: $0.area.x, y: $0.area.y) }
            }
        }
        return cursor
    }

    private func line(for row: PurchasesContent.Row, options: RenderOptions) -> LineList.Line {
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
            return transactionLine(result, name: name, options: options)
        case .note(let text):
            return LineList.Line(text: "  " + text, style: Palette.secondary)
        }
    }

    /// "✓ Jan 1, 2026 00:00  Sunflower Hearts ×2" with its state on the right.
    private func transactionLine(_ result: VerificationResult<Transaction>, name: String, options: RenderOptions) -> LineList.Line {
        let transaction = result.unsafePayloadValue
        let verified = result.verifiedValue != nil
        let quantity = transaction.purchasedQuantity > 1 ? " \(options.symbol(.times))\(transaction.purchasedQuantity)" : ""
        let mark = verified ? options.glyph(.check) : options.glyph(.warning)
        var notes: [String] = []
        if !verified { notes.append("unverified") }
        if transaction.revocationDate != nil { notes.append("refunded") }
        if transaction.isUpgraded { notes.append("upgraded") }
        if transaction.offer?.paymentMode == .freeTrial { notes.append("free trial") }
        return LineList.Line(
            text: "  \(mark) \(state.formatted(transaction.purchaseDate, withTime: true))  \(name)\(quantity)",
            trailing: notes.joined(separator: ", "),
            style: verified ? .plain : Palette.warning,
            trailingStyle: verified ? Palette.secondary : Palette.warning
        )
    }
}
