import Foundation
import StorefrontModel

extension LocalStore {
    /// Buys an auto-renewable subscription, following the group's plan-change rules.
    ///
    /// With a plan in force in the group: the same plan turns auto-renew back on and
    /// returns its transaction; an upgrade (or a crossgrade with the same period) starts
    /// at once in the same chain and marks the old plan upgraded; a downgrade (or a
    /// crossgrade to another period) becomes the renewal preference and returns the
    /// current transaction. Without one, a new period starts, in the group's chain if
    /// there is one, with the intro offer when the customer never subscribed in the group.
    func subscribe(_ request: PurchaseRequest, attemptID: UUID, at now: Date) async throws -> LedgerEntry {
        let product = request.product
        guard let groupID = product.subscription?.subscriptionGroupID else {
            throw Product.PurchaseError.productUnavailable
        }
        let chains = try await chains(inGroup: groupID)
        let active = chains.last { chain in
            chain.isStanding && chain.status(at: now, rules: renewalRules(for: chain)).state.isEntitled
        }
        guard let active else {
            let purchase = subscriptionPurchase(
                of: product, from: now, offer: try await firstOffer(for: request), appAccountToken: request.appAccountToken
            )
            if let chain = chains.last(where: \.current.isVerified) {
                return try await ledger.recordSubscriptionTransaction(purchase, continuing: chain.current.id, attemptID: attemptID)
            }
            return try await ledger.recordPurchase(purchase, attemptID: attemptID)
        }

        let current = active.current
        if current.transaction.productID == product.id {
            if active.preference != nil {
                try await ledger.setRenewalPreference(nil, originalID: active.originalID)
                emit(.subscriptionStatusChanged(groupID: groupID))
            }
            return current
        }
        let expiration = current.transaction.expirationDate ?? now
        let change = catalog.product(id: current.transaction.productID).flatMap { currentProduct in
            PlanChange(from: currentProduct, renewingAt: expiration, to: product, now: now)
        }
        if let change, change.timing == .atNextRenewal {
            try await ledger.setRenewalPreference(
                RenewalPreference(productID: product.id, willAutoRenew: true), originalID: active.originalID
            )
            emit(.subscriptionStatusChanged(groupID: groupID))
            return current
        }
        // An upgrade, a same-period crossgrade, or a plan the catalog no longer sells: at once.
        let purchase = subscriptionPurchase(
            of: product, from: now, offer: request.promotionalOffer, appAccountToken: request.appAccountToken
        )
        return try await ledger.recordSubscriptionTransaction(
            purchase, continuing: current.id, replacing: current.id, attemptID: attemptID
        )
    }

    /// The offer a new subscription period starts with: the promotional offer asked for,
    /// else the intro offer if the customer never subscribed in the group.
    func firstOffer(for request: PurchaseRequest) async throws -> Product.SubscriptionOffer? {
        if let offer = request.promotionalOffer { return offer }
        guard let subscription = request.product.subscription, let intro = subscription.introductoryOffer else {
            return nil
        }
        return try await groupsSubscribedTo().contains(subscription.subscriptionGroupID) ? nil : intro
    }

    /// The groups the customer ever subscribed in. Intro offers are once per group: any
    /// verified subscription there, even a refunded one, uses the chance up.
    func groupsSubscribedTo() async throws -> Set<String> {
        Set(try await ledger.transactions().filter(\.isVerified).compactMap(\.transaction.subscriptionGroupID))
    }
}
