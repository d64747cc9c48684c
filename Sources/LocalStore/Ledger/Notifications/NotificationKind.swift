import Foundation
import StorefrontModel

/// Apple's `notificationType` and `subtype` for a change to the ledger: pure decisions from
/// the rows involved, made inside the write that changes them.
///
/// ```swift
/// let kind = NotificationKind.newTransaction(renewal, continuing: previous, replacing: false)
/// // DID_RENEW
/// ```
public struct NotificationKind: Sendable, Hashable, CustomStringConvertible {
    public var type: String
    public var subtype: String?

    public init(_ type: String, _ subtype: String? = nil) {
        self.type = type
        self.subtype = subtype
    }

    public var description: String { subtype.map { "\(type) \($0)" } ?? type }

    /// A transaction just recorded: a one-time charge; an offer redeemed (`offerRedeemed`);
    /// a first subscription; a plan that replaces another at once (an upgrade); the next
    /// period of a chain with no gap (a renewal); or a chain taken up again after it lapsed.
    static func newTransaction(_ transaction: LedgerTransaction, continuing previous: LedgerTransaction?, replacing: Bool) -> NotificationKind {
        guard transaction.productType == .autoRenewable else { return NotificationKind("ONE_TIME_CHARGE") }
        if let redeemed = offerRedeemed(transaction, continuing: previous, replacing: replacing) { return redeemed }
        guard let previous else { return NotificationKind("SUBSCRIBED", "INITIAL_BUY") }
        if replacing { return NotificationKind("DID_CHANGE_RENEWAL_PREF", "UPGRADE") }
        if isActive(previous, at: transaction.purchaseDate) { return NotificationKind("DID_RENEW") }
        return NotificationKind("SUBSCRIBED", "RESUBSCRIBE")
    }

    /// A renewal preference changed from `old` to `new` for a chain whose plan is `currentProductID`:
    /// auto-renew turned on or off, and/or another product chosen for the next period (a
    /// downgrade, or back to the current plan, which Apple sends with no subtype).
    static func preferenceChange(from old: RenewalPreference?, to new: RenewalPreference?, currentProductID: String) -> [NotificationKind] {
        let oldRenews = old?.willAutoRenew ?? true, newRenews = new?.willAutoRenew ?? true
        let oldProduct = old?.productID ?? currentProductID, newProduct = new?.productID ?? currentProductID
        var kinds: [NotificationKind] = []
        if oldProduct != newProduct {
            kinds.append(NotificationKind("DID_CHANGE_RENEWAL_PREF", newProduct == currentProductID ? nil : "DOWNGRADE"))
        }
        if oldRenews != newRenews {
            kinds.append(NotificationKind("DID_CHANGE_RENEWAL_STATUS", newRenews ? "AUTO_RENEW_ENABLED" : "AUTO_RENEW_DISABLED"))
        }
        return kinds
    }

    /// What a chain's state at store time says happened since its current period ended, each with
    /// its key part (one notification per period and kind): a failed renewal (in a grace period
    /// or not), the grace period's end, the subscription's expiry and why.
    static func lapse(
        state: Product.SubscriptionInfo.RenewalState, reason: Product.SubscriptionInfo.ExpirationReason?, hadGracePeriod: Bool
    ) -> [(key: String, kind: NotificationKind)] {
        let failed = ("failed", NotificationKind.failedRenewal(gracePeriod: hadGracePeriod))
        // Past a failed renewal: in billing retry, its grace period (if any) is over.
        let retrying = hadGracePeriod ? [failed, ("grace-expired", NotificationKind("GRACE_PERIOD_EXPIRED"))] : [failed]
        switch state {
        case .inGracePeriod:
            return [failed]
        case .inBillingRetryPeriod:
            return retrying
        case .expired:
            switch reason {
            case .autoRenewDisabled?: return [("expired", NotificationKind("EXPIRED", "VOLUNTARY"))]
            case .billingError?:
                return retrying + [("expired", NotificationKind("EXPIRED", "BILLING_RETRY"))]
            case .productUnavailable?: return [("expired", NotificationKind("EXPIRED", "PRODUCT_NOT_FOR_SALE"))]
            case .didNotConsentToPriceIncrease?: return [("expired", NotificationKind("EXPIRED", "PRICE_INCREASE"))]
            default: return [("expired", NotificationKind("EXPIRED"))]
            }
        default:
            return []
        }
    }
}
