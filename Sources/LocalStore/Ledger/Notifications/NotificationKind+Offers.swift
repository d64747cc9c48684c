import Foundation

extension NotificationKind {
    /// `OFFER_REDEEMED` for a subscription transaction a promotional offer or an offer code
    /// started, with Apple's subtypes: `INITIAL_BUY` (the group's first subscription),
    /// `RESUBSCRIBE` (a chain taken up again after it lapsed), `UPGRADE` (a plan that
    /// replaces the current one at once). Nil for any other transaction, and for a renewal,
    /// whether it starts an offer redeemed for it or keeps one (a pay-as-you-go offer's next
    /// period): `DID_RENEW`. An offer on the current or a lower plan waits for the renewal,
    /// and is told as the customer redeems it (`offerRedeemed(atRenewalOf:into:)`). A win-back offer is not one of
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
        // The next period of a chain in force is a renewal, whatever offer it carries: an offer
        // redeemed for it was told when the customer redeemed it (`offerRedeemed(atRenewalOf:into:)`).
        return nil
    }

    /// `OFFER_REDEEMED` for an offer a subscriber redeemed that waits for the next renewal
    /// (`PendingOffer`): with `DOWNGRADE` when it renews into another (lower) plan, and no
    /// subtype for the plan the customer has now.
    ///
    /// ```swift
    /// NotificationKind.offerRedeemed(atRenewalOf: "pass.gold", into: "pass.silver")  // OFFER_REDEEMED DOWNGRADE
    /// ```
    static func offerRedeemed(atRenewalOf currentProductID: String, into productID: String) -> NotificationKind {
        NotificationKind("OFFER_REDEEMED", productID == currentProductID ? nil : "DOWNGRADE")
    }

    /// Whether `transaction` still gives access at `date`: not refunded, not yet expired.
    static func isActive(_ transaction: LedgerTransaction, at date: Date) -> Bool {
        guard transaction.revocationDate == nil, let end = transaction.expirationDate else { return false }
        return date <= end
    }
}
