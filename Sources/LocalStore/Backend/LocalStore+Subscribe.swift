import Foundation
import StorefrontModel

extension LocalStore {
    /// Buys an auto-renewable subscription, following the group's plan-change rules, and
    /// approves the Ask to Buy request `requestID` (if given) in the same ledger write.
    func subscribe(
        _ request: PurchaseRequest, attemptID: UUID, at now: Date, approving requestID: Int64? = nil
    ) async throws -> LedgerEntry {
        let change = try await subscriptionChange(for: request, at: now)
        try await chooseRenewalBillingPlan(request, change: change)
        let entry = try await ledger.recordSubscriptionChange(change, attemptID: attemptID, approving: requestID, at: now)
        if case .redeemAtRenewal(_, let offer, _) = change {
            try await requireWaiting(offer)
        }
        switch change {
        case .renew, .redeemAtRenewal:
            if let groupID = request.product.subscription?.subscriptionGroupID { emit(.subscriptionStatusChanged(groupID: groupID)) }
        case .keep, .record:
            break
        }
        return entry
    }

    /// Refuses the offer just redeemed for a renewal when another one waits for it instead
    /// (the ledger kept that one and wrote nothing).
    private func requireWaiting(_ offer: PendingOffer) async throws {
        guard let waiting = try await ledger.pendingOffers()[offer.originalID], !waiting.isSame(as: offer) else { return }
        if offer.offerType == .code {
            throw OfferCodeError.notEligible(offer.offerID, reason: .offerWaiting(waiting.offerID))
        }
        throw SignedOfferError(.promotionalOffer, .offerWaiting(offerID: waiting.offerID))
    }

    /// An offer the customer redeemed for the next renewal of `chain`, as `product`.
    private func pendingOffer(_ offer: Product.SubscriptionOffer, for product: Product, in chain: SubscriptionChain, at now: Date) -> PendingOffer {
        PendingOffer(
            originalID: chain.originalID, productID: product.id, offerType: LedgerTransaction.OfferType(offer.type),
            offerID: offer.id ?? "", paymentMode: LedgerTransaction.OfferPaymentMode(offer.paymentMode),
            period: offer.period.iso8601, periodCount: offer.periodCount, price: offer.price, redeemedDate: now
        )
    }

    /// Approves a subscription request as a purchase made now, as StoreKit's Ask to Buy
    /// does: the plan-change rules (and intro offer eligibility) apply as they stand at
    /// approval, not as they stood when the request was filed.
    func approveSubscription(_ request: AskToBuyRequest, at now: Date) async throws -> LedgerEntry {
        switch request.status {
        case .declined:
            throw LedgerError.askToBuyRequestAlreadyDecided(id: request.id, status: .declined)
        case .approved:
            return try await approvedEntry(request)
        case .pending:
            guard let product = catalog.product(id: request.productID) else { throw Product.PurchaseError.productUnavailable }
            // The plan in force is judged after the renewals that fell due while the request waited.
            try await recordDueRenewals()
            do {
                return try await subscribe(
                    PurchaseRequest(approving: request, product: product),
                    attemptID: request.purchaseAttemptID, at: now, approving: request.id
                )
            } catch LedgerError.askToBuyRequestAlreadyDecided(_, .approved) {
                return try await approvedEntry(request)  // another process approved it meanwhile
            }
        }
    }

    /// What an approved subscription request resolved to: its own transaction, or the plan
    /// in force when approval changed only the renewal (a downgrade, or the same plan).
    private func approvedEntry(_ request: AskToBuyRequest) async throws -> LedgerEntry {
        if let own = try await ledger.transactions().last(where: { $0.purchaseAttemptID == request.purchaseAttemptID }) {
            return own
        }
        guard let groupID = request.purchase.subscriptionGroupID,
              let plan = try await chains(inGroup: groupID).last?.current
        else { throw LedgerError.askToBuyRequestAlreadyDecided(id: request.id, status: .approved) }
        return plan
    }

    /// What buying `request` at `now` changes. With a plan in force in the group: the same
    /// plan turns auto-renew back on; an offer (promotional, or an offer code's) on the same
    /// plan, or on a plan that starts at the next renewal, waits for that renewal; an upgrade (or a crossgrade with the same period)
    /// starts at once in the same chain and marks the old plan upgraded; a downgrade (or a
    /// crossgrade to another period) becomes the renewal preference. Without one, a new
    /// period starts, in the group's chain if there is one, with the intro offer when the
    /// customer never subscribed in the group.
    private func subscriptionChange(for request: PurchaseRequest, at now: Date) async throws -> SubscriptionChange {
        let product = request.product
        guard let groupID = product.subscription?.subscriptionGroupID else {
            throw Product.PurchaseError.productUnavailable
        }
        let chains = try await chains(inGroup: groupID)
        let active = chains.last { chain in
            chain.isStanding && chain.status(at: now, rules: renewalRules(for: chain)).state.isEntitled
        }
        guard let active else {
            let purchase = billed(subscriptionPurchase(
                of: product, from: now, offer: try await firstOffer(for: request), appAccountToken: request.appAccountToken
            ), product: product, plan: request.billingPlanType)
            return .record(purchase, continuing: chains.last(where: \.current.isVerified)?.current.id, replacing: nil)
        }

        // A win-back offer is for churned subscribers, never for one with a plan in force.
        if request.winBackOffer != nil { throw Product.PurchaseError.ineligibleForOffer }
        let current = active.current
        // An offer (promotional, or a code's) on the plan in force or a lower one waits for the next renewal.
        let redeemed = request.promotionalOffer.map { pendingOffer($0, for: product, in: active, at: now) }
        if current.transaction.productID == product.id {
            if let redeemed { return .redeemAtRenewal(current, redeemed, as: nil) }
            return active.preference == nil ? .keep(current) : .renew(current, as: nil)
        }
        let expiration = current.transaction.expirationDate ?? now
        let planChange = catalog.product(id: current.transaction.productID).flatMap { currentProduct in
            PlanChange(from: currentProduct, renewingAt: expiration, to: product, now: now)
        }
        if let planChange, planChange.timing == .atNextRenewal {
            let preference = RenewalPreference(productID: product.id, willAutoRenew: true)
            if let redeemed { return .redeemAtRenewal(current, redeemed, as: preference) }
            return .renew(current, as: preference)
        }
        // An upgrade, a same-period crossgrade, or a plan the catalog no longer sells: at once.
        let purchase = billed(subscriptionPurchase(
            of: product, from: now, offer: request.promotionalOffer, appAccountToken: request.appAccountToken
        ), product: product, plan: request.billingPlanType)
        return .record(purchase, continuing: current.id, replacing: current.id)
    }

    /// The offer a new subscription period starts with: the promotional offer asked for,
    /// the win-back offer asked for (when the customer may take it now, else it throws
    /// `ineligibleForOffer`), else the intro offer if the app's server signed that the
    /// customer may have it, or, when it said nothing, if the customer never subscribed in the group.
    func firstOffer(for request: PurchaseRequest) async throws -> Product.SubscriptionOffer? {
        if let offer = request.promotionalOffer { return offer }
        if let offer = try await eligibleWinBackOffer(for: request, at: try await storeNow()) { return offer }
        guard let subscription = request.product.subscription, let intro = subscription.introductoryOffer else {
            return nil
        }
        if let allowed = request.allowsIntroductoryOffer { return allowed ? intro : nil }
        return try await groupsSubscribedTo().contains(subscription.subscriptionGroupID) ? nil : intro
    }

    /// The groups the customer ever subscribed in. Intro offers are once per group: any
    /// verified subscription there, even a refunded one, uses the chance up.
    func groupsSubscribedTo() async throws -> Set<String> {
        Set(try await ledger.transactions().filter(\.isVerified).compactMap(\.transaction.subscriptionGroupID))
    }
}
