import Foundation

extension Storefront {
    /// Redeems an offer code, as the App Store's offer-code sheet does: the store grants the
    /// code's offer, and its transaction goes to `transactionUpdates()`, what the customer
    /// owns is read again, and the transaction is finished.
    ///
    /// ```swift
    /// let redeemed = try await storefront.redeem(offerCode: "BIRDWATCHER")
    /// print(redeemed.unsafePayloadValue.productID)
    /// ```
    ///
    /// - Throws: `OfferCodeError` when the store refuses the code, or the store's error.
    @discardableResult
    public func redeem(offerCode code: String) async throws -> VerificationResult<Transaction> {
        let result = try await backend.redeem(offerCode: code)
        await deliver(result)
        return result
    }
}
