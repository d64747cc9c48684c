import Foundation
import StorefrontModel

/// One auto-renewable subscription as the ledger tells it: the transactions sharing an
/// `originalID`, oldest first, and the chain's renewal preference. Pure: where it stands
/// is worked out from these and a date.
struct SubscriptionChain: Sendable {
    let entries: [LedgerEntry]
    let preference: RenewalPreference?
    /// The offer redeemed for the next renewal, if one waits.
    let pendingOffer: PendingOffer?
    /// The transaction in force: the latest one no upgrade replaced.
    let current: LedgerEntry
    /// The chain's price increase, if the ledger has one.
    var priceIncrease: PriceIncrease?
    /// Whether the product it renews as is removed from sale: it lapses at its renewal.
    var renewsAsRemovedFromSale = false
    /// Whether the renewal of the transaction in force failed for billing (`Ledger.failedRenewals()`).
    var renewalFailed = false

    init?(entries: [LedgerEntry], preference: RenewalPreference?, pendingOffer: PendingOffer? = nil) {
        guard let current = entries.last(where: { !$0.transaction.isUpgraded }) ?? entries.last else { return nil }
        self.entries = entries
        self.preference = preference
        self.pendingOffer = pendingOffer
        self.current = current
    }

    /// Groups a ledger's auto-renewable transactions into chains, oldest chain first.
    static func chains(
        in entries: [LedgerEntry], preferences: [Int64: RenewalPreference], pendingOffers: [Int64: PendingOffer] = [:]
    ) -> [SubscriptionChain] {
        let subscriptions = entries.filter { $0.transaction.productType == .autoRenewable }
        let byOriginal = Dictionary(grouping: subscriptions, by: \.transaction.originalID)
        return byOriginal.keys.sorted().compactMap { originalID in
            SubscriptionChain(
                entries: byOriginal[originalID] ?? [], preference: preferences[originalID], pendingOffer: pendingOffers[originalID]
            )
        }
    }

    var originalID: Int64 { current.transaction.originalID }
    /// A family member's share of another's subscription, which renews with the purchaser's.
    var isFamilyShared: Bool { current.transaction.ownershipType == .familyShared }
    var groupID: String? { current.transaction.subscriptionGroupID }
    var willAutoRenew: Bool { preference?.willAutoRenew ?? true }
    /// The product the next renewal is for.
    var renewsAs: String { preference?.productID ?? current.transaction.productID }

    /// Whether the chain can be renewed or changed: only a verified, standing transaction can.
    var isStanding: Bool {
        current.isVerified && current.transaction.revocationDate == nil
    }

    /// The start of the renewal that is due at `now`, if one is: the period ended, renews,
    /// and billing does not fail (nor failed already).
    func dueRenewal(at now: Date, billingFails: Bool) -> Date? {
        billingFails || renewalFailed ? nil : renewalDate(at: now)
    }

    /// When the current period ended, if it has by `now` and billing alone decides whether it
    /// renews: auto-renew is on (or a commitment has payments to come), no price increase
    /// waits for consent, and the product it renews as is on sale.
    func renewalDate(at now: Date) -> Date? {
        let committed = current.transaction.commitment.map { !$0.isLastPayment } ?? false
        guard isStanding, willAutoRenew || committed, !awaitsPriceConsent, !renewsAsRemovedFromSale,
              let expiration = current.transaction.expirationDate, expiration <= now
        else { return nil }
        return expiration
    }

    /// How many transactions in a row, ending with the current one, used its offer.
    var currentOfferStreak: Int {
        let offer = current.transaction
        return entries.reversed().prefix { entry in
            entry.transaction.productID == offer.productID && entry.transaction.offerType == offer.offerType
                && entry.transaction.offerID == offer.offerID
        }.count
    }

    /// The renewal state at `now`, and what renews next. An expired chain's renewal info
    /// lists `winBackOfferIDs`, the group's eligible win-back offers.
    func status(
        at now: Date, rules: RenewalRules, winBackOfferIDs: [String] = []
    ) -> (state: Product.SubscriptionInfo.RenewalState, renewal: Product.SubscriptionInfo.RenewalInfo) {
        let transaction = current.transaction
        func info(
            retrying: Bool = false, graceEnd: Date? = nil, reason: Product.SubscriptionInfo.ExpirationReason? = nil
        ) -> Product.SubscriptionInfo.RenewalInfo {
            Product.SubscriptionInfo.RenewalInfo(
                originalTransactionID: UInt64(clamping: originalID),
                currentProductID: transaction.productID,
                // Nothing renews after a decline, nor once a price change ended the subscription.
                willAutoRenew: willAutoRenew && transaction.revocationDate == nil && upcomingPriceIncrease?.status != .declined
                    && reason != .didNotConsentToPriceIncrease && reason != .productUnavailable,
                autoRenewPreference: renewsAs,
                isInBillingRetry: retrying,
                gracePeriodExpirationDate: graceEnd,
                expirationReason: reason,
                eligibleWinBackOfferIDs: reason == nil ? [] : winBackOfferIDs
            )
        }
        if transaction.revocationDate != nil { return (.revoked, info()) }
        guard let expiration = transaction.expirationDate, now >= expiration else { return (.subscribed, info()) }
        if awaitsPriceConsent, willAutoRenew || upcomingPriceIncrease?.status == .declined {
            return (.expired, info(reason: .didNotConsentToPriceIncrease))
        }
        guard willAutoRenew else { return (.expired, info(reason: .autoRenewDisabled)) }
        if renewsAsRemovedFromSale { return (.expired, info(reason: .productUnavailable)) }
        guard rules.billingFails else {
            // Auto-renew is on and billing works, yet nothing renewed: the product is gone.
            return (.expired, info(reason: .productUnavailable))
        }
        if let grace = rules.gracePeriod, now < expiration + grace {
            return (.inGracePeriod, info(retrying: true, graceEnd: expiration + grace))
        }
        if now < expiration + rules.billingRetryPeriod {
            return (.inBillingRetryPeriod, info(retrying: true))
        }
        return (.expired, info(reason: .billingError))
    }
}

/// What decides a lapsed subscription's state: whether renewals fail for billing, and
/// how long the grace and retry periods are for this chain's product.
struct RenewalRules: Sendable {
    var billingFails: Bool
    /// `nil` without a billing grace period.
    var gracePeriod: TimeInterval?
    var billingRetryPeriod: TimeInterval
}
