import Foundation

/// What buying an auto-renewable subscription changes in the ledger. The store decides it
/// by the group's plan-change rules; the ledger applies it in one database transaction.
enum SubscriptionChange: Sendable {
    /// The plan in force stays, unchanged: it is the plan bought, and it renews.
    case keep(LedgerEntry)
    /// The plan in force stays; its chain renews as `preference` says (nil: as itself).
    case renew(LedgerEntry, as: RenewalPreference?)
    /// A new transaction: in the chain of `continuing` (a new chain when nil), marking
    /// `replacing` upgraded.
    case record(LedgerPurchase, continuing: Int64?, replacing: Int64?)
    /// The plan in force stays; `offer` waits for its next renewal, which renews as
    /// `preference` says (nil: as itself): an offer for the current plan, or a lower one.
    case redeemAtRenewal(LedgerEntry, PendingOffer, as: RenewalPreference?)
}
