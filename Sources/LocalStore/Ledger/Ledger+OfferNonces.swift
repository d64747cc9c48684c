import Foundation

extension Ledger {
    /// Records `nonce`, the one-time value of a signed offer by key `keyID`, as used at
    /// `date`; false when any customer used it before, and the offer must be refused.
    ///
    /// ```swift
    /// guard try await ledger.recordSignedOfferNonce(nonce, keyID: "2X9R4HXF34", at: now) else { … }
    /// ```
    public func recordSignedOfferNonce(_ nonce: String, keyID: String, at date: Date) async throws(LedgerError) -> Bool {
        try await write { store in
            try await store.recordOfferNonce(nonce.lowercased(), keyID: keyID, account: self.account, at: date.ledgerMilliseconds)
        }
    }
}
