import StorefrontModel

extension AppState {
    /// The store's answer to an offer code: a redeemed code closes the sheet with the good
    /// news; a refused one says why in the sheet, so the customer can fix a typo.
    mutating func redeemFinished(code: String, _ result: Result<VerificationResult<Transaction>, StoreFailure>) -> [AppEffect] {
        switch result {
        case .success(let verified):
            overlays.redeemSheet = nil
            let transaction = verified.unsafePayloadValue
            // A subscriber's code for the plan in force (or a lower one) waits for the renewal:
            // the store answers with the plan in force, which does not carry the code.
            if transaction.productType == .autoRenewable, transaction.offer?.id?.uppercased() != code.uppercased() {
                overlays.alerts.append(.offerAtNextRenewal(
                    code: code.uppercased(), product: store.product(transaction.productID), plan: transaction,
                    timeZone: options.timeZone, language: language
                ))
                return screenEffects(after: .transactionEnded)
            }
            var alert = store.product(transaction.productID).map { Alert.purchased($0, transaction: transaction, timeZone: options.timeZone, language: language) }
                ?? Alert(kind: .success, title: "", message: language.text("%@ is yours.", name(of: transaction.productID)), language: language)
            alert.title = language.text("Code redeemed")
            alert.message = language.text("%@: %@", code, alert.message)
            overlays.alerts.append(alert)
        case .failure(let failure):
            if overlays.redeemSheet != nil {
                let reason = language.describe(failure.error)
                overlays.redeemSheet?.phase = .refused(reason)
            } else {
                overlays.alerts.append(Alert(kind: .error, title: language.text("Code not redeemed"), message: language.describe(failure.error), language: language))
            }
        }
        return screenEffects(after: .transactionEnded)
    }
}
