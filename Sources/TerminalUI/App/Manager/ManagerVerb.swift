import StorefrontModel

/// What the operator can do to a row of the transaction manager, before any detail (a
/// reason, a percentage, a price) is chosen.
public enum ManagerVerb: Sendable, Hashable, CaseIterable {
    case requestRefund, decideRefund, reverseRefund
    case approve, decline, resolve
    case renewNow, failNextRenewal, recoverBilling, expire
    case raisePrice, extendRenewalDate

    /// The menu's words for it, in English (the string catalog's key).
    var title: String {
        switch self {
        case .requestRefund: "Request a refund"
        case .decideRefund: "Decide the refund"
        case .reverseRefund: "Reverse the refund"
        case .approve: "Approve"
        case .decline: "Decline"
        case .resolve: "Resolve"
        case .renewNow: "Renew now"
        case .failNextRenewal: "Fail the next renewal"
        case .recoverBilling: "Recover billing"
        case .expire: "Expire"
        case .raisePrice: "Raise the price"
        case .extendRenewalDate: "Extend the renewal date"
        }
    }
}

extension ManagedItem {
    /// The verbs valid for this row now, in the order the menu lists them: a request is
    /// decided; a transaction can be refunded (or its refund decided, or reversed); the
    /// subscription transaction in force can also be renewed, failed, recovered, expired,
    /// repriced and extended, as its state allows. A family member's share is the
    /// purchaser's to act on: it offers nothing.
    public var verbs: [ManagerVerb] {
        switch kind {
        case .askToBuy: return [.approve, .decline]
        case .interruptedPurchase: return [.resolve]
        case .transaction: break
        }
        if states.contains(.familyShared) || states.contains(.revoked) { return [] }
        if states.contains(.refunded) { return [.reverseRefund] }
        var verbs: [ManagerVerb] = states.contains(.refundRequested) ? [.decideRefund] : [.requestRefund]
        guard productType == .autoRenewable, isLatestInChain, !states.contains(.expired) else { return verbs }
        if states.contains(.inBillingRetry) || states.contains(.inGracePeriod) {
            verbs.append(.recoverBilling)
        } else {
            verbs += [.renewNow, .failNextRenewal]
        }
        return verbs + [.expire, .raisePrice, .extendRenewalDate]
    }
}

extension ManagedItem.State {
    /// The list's words for it, in English (the string catalog's key).
    var title: String {
        switch self {
        case .purchased: "purchased"
        case .renewed: "renewed"
        case .upgraded: "upgraded"
        case .refunded: "refunded"
        case .revoked: "revoked"
        case .expired: "expired"
        case .inBillingRetry: "in billing retry"
        case .inGracePeriod: "in grace period"
        case .priceConsentPending: "price consent pending"
        case .refundRequested: "refund requested"
        case .familyShared: "family shared"
        case .askToBuy: "ask to buy"
        case .interrupted: "interrupted purchase"
        }
    }
}
