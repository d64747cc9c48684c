import StorefrontModel

extension AppState {
    /// The store's answer to the refund sheet: sent, the sheet closes, the purchase is
    /// marked "refund requested" and an alert says what happens next; refused (asked
    /// before, say), the alert says why in StoreKit's terms.
    mutating func refundRequestFinished(
        transactionID: Transaction.ID, _ result: Result<Transaction.RefundRequestStatus, StoreFailure>
    ) -> [AppEffect] {
        overlays.refundSheet = nil
        let ended = result.mapError { $0.error as? Transaction.RefundRequestError ?? .failed }
        switch result {
        case .success(.success):
            refundRequested.insert(transactionID)
            overlays.alerts.append(Alert(
                kind: .success, title: language.text("Refund Requested"),
                message: language.text("Your request was sent. The App Store will let you know what it decides."), language: language
            ))
        case .success(.userCancelled):
            break
        case .failure(let failure):
            overlays.alerts.append(Alert(
                kind: .error, title: language.text("Refund Not Requested"), message: language.describe(failure.error), language: language
            ))
        }
        return [.refundRequestDismissed(transactionID: transactionID, ended)]
    }
}
