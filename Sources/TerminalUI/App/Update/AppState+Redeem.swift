import StorefrontModel

extension AppState {
    /// The store's answer to an offer code: a redeemed code closes the sheet with the good
    /// news; a refused one says why in the sheet, so the customer can fix a typo.
    mutating func redeemFinished(code: String, _ result: Result<VerificationResult<Transaction>, any Error>) -> [AppEffect] {
        switch result {
        case .success(let verified):
            overlays.redeemSheet = nil
            let transaction = verified.unsafePayloadValue
            var alert = store.product(transaction.productID).map { Alert.purchased($0, transaction: transaction, timeZone: options.timeZone) }
                ?? Alert(kind: .success, title: "", message: "\(name(of: transaction.productID)) is yours.")
            alert.title = "Code redeemed"
            alert.message = "\(code): " + alert.message
            overlays.alerts.append(alert)
        case .failure(let error):
            if overlays.redeemSheet != nil {
                overlays.redeemSheet?.phase = .refused(error.localizedDescription)
            } else {
                overlays.alerts.append(Alert(kind: .error, title: "Code not redeemed", message: error.localizedDescription))
            }
        }
        return screen == .purchases ? [.loadHistory] : []
    }
}
