import StorefrontModel

// The Redeem Code sheet: typing a code, sending it, and what the store answered.
extension AppState {
    /// Types a key into the code field; false for keys the field does not take (they are
    /// the sheet's own: Enter, Esc, Ctrl-C).
    mutating func typeIntoRedeemSheet(_ key: Key) -> Bool {
        guard var sheet = redeemSheet, sheet.phase != .redeeming else { return false }
        switch key {
        case .char(let character) where RedeemCodeSheet.accepts(character):
            guard sheet.code.count < RedeemCodeSheet.maximumLength else { return true }
            sheet.code.append(character)
        case .backspace:
            if !sheet.code.isEmpty { sheet.code.removeLast() }
        default:
            return false
        }
        sheet.phase = .editing
        redeemSheet = sheet
        return true
    }

    /// Enter: sends the typed code to the store, unless there is none or one is on its way.
    mutating func redeemTypedCode() -> [AppEffect] {
        guard let sheet = redeemSheet, sheet.phase != .redeeming, !sheet.normalizedCode.isEmpty else { return [] }
        redeemSheet?.phase = .redeeming
        return [.redeem(code: sheet.normalizedCode)]
    }

    /// The store's answer: a redeemed code closes the sheet with the good news; a refused
    /// one says why in the sheet, so the customer can fix a typo.
    mutating func redeemFinished(code: String, _ result: Result<VerificationResult<Transaction>, any Error>) -> [AppEffect] {
        switch result {
        case .success(let verified):
            redeemSheet = nil
            let transaction = verified.unsafePayloadValue
            var alert = store.product(transaction.productID).map { Alert.purchased($0, transaction: transaction, timeZone: options.timeZone) }
                ?? Alert(kind: .success, title: "", message: "\(name(of: transaction.productID)) is yours.")
            alert.title = "Code redeemed"
            alert.message = "\(code): " + alert.message
            alerts.append(alert)
        case .failure(let error):
            if redeemSheet != nil {
                redeemSheet?.phase = .refused(error.localizedDescription)
            } else {
                alerts.append(Alert(kind: .error, title: "Code not redeemed", message: error.localizedDescription))
            }
        }
        return screen == .purchases ? [.loadHistory] : []
    }
}
