import Foundation

extension NotificationKind {
    /// `OFFER_REDEEMED` for a subscription transaction a promotional offer or an offer code
    /// started, with Apple's subtypes: `INITIAL_BUY` (the group's first subscription),
    /// `RESUBSCRIBE` (a chain taken up again after it lapsed), `UPGRADE` (a plan that
    /// replaces the current one at once), or none (the offer applied to the plan the customer
    /// has now). Nil for any other transaction, and for a renewal that keeps an offer
    /// (a pay-as-you-go offer's next period: `DID_RENEW`). A win-back offer is not one of
    /// these: Apple tells its resubscription as `SUBSCRIBED` `RESUBSCRIBE`, with offer type 4
    /// on the transaction.
    ///
    /// Decided from the ledger's rows alone, so it holds whatever path applied the offer.
    static func offerRedeemed(
        _ transaction: LedgerTransaction, continuing previous: LedgerTransaction?, replacing: Bool
    ) -> NotificationKind? {
        guard transaction.productType == .autoRenewable,
              transaction.offerType == .promotional || transaction.offerType == .code
        else { return nil }
        guard let previous else { return NotificationKind("OFFER_REDEEMED", "INITIAL_BUY") }
        if replacing { return NotificationKind("OFFER_REDEEMED", "UPGRADE") }
        guard isActive(previous, at: transaction.purchaseDate) else { return NotificationKind("OFFER_REDEEMED", "RESUBSCRIBE") }
        let keepsOffer = previous.productID == transaction.productID && previous.offerType == transaction.offerType
            && previous.offerID == transaction.offerID
        return keepsOffer ? nil : NotificationKind("OFFER_REDEEMED")
    }

    /// Whether `transaction` still gives access at `date`: not refunded, not yet expired.
    static func isActive(_ transaction: LedgerTransaction, at date: Date) -> Bool {
        guard transaction.revocationDate == nil, let end = transaction.expirationDate else { return false }
        return date <= end
    }
}
