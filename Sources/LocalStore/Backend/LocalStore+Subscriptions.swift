import Foundation
import StorefrontModel

extension LocalStore {
    /// One status per subscription chain in the group, newest chain first, after
    /// recording the renewals that fell due.
    public func subscriptionStatuses(for groupID: String) async throws -> [Product.SubscriptionInfo.Status] {
        try await begin(.subscriptionStatus)
        try await recordDueRenewals()
        let now = try await storeNow()
        let chains = try await chains(inGroup: groupID)
        let winBackOfferIDs = eligibleWinBackOfferIDs(inGroup: groupID, chains: chains, at: now)
        var statuses: [Product.SubscriptionInfo.Status] = []
        for chain in chains.reversed() {
            let (state, plain) = chain.status(at: now, rules: renewalRules(for: chain), winBackOfferIDs: winBackOfferIDs)
            let renewal = try await committedRenewalInfo(completed(plain, of: chain), chain: chain)
            let transaction = verificationResult(of: chain.current)
            let renewalInfo: VerificationResult<Product.SubscriptionInfo.RenewalInfo> = switch transaction {
            case .verified: .verified(renewal)
            case .unverified(_, let error): .unverified(renewal, error.forSigned(Product.SubscriptionInfo.RenewalInfo.self))
            }
            statuses.append(Product.SubscriptionInfo.Status(state: state, transaction: transaction, renewalInfo: renewalInfo))
        }
        return statuses
    }

    /// The chains of one group, oldest first.
    func chains(inGroup groupID: String) async throws -> [SubscriptionChain] {
        try await allChains().filter { $0.groupID == groupID }
    }

    func allChains() async throws -> [SubscriptionChain] {
        let increases = try await ledger.priceIncreases(), offSale = try await ledger.productsRemovedFromSale()
        let failed = try await ledger.failedRenewals()
        return SubscriptionChain.chains(
            in: try await ledger.transactions(), preferences: try await ledger.renewalPreferences(),
            pendingOffers: try await ledger.pendingOffers()
        ).map { chain in
            var chain = chain
            chain.priceIncrease = increases[chain.originalID]
            chain.renewsAsRemovedFromSale = offSale.contains(chain.renewsAs)
            chain.renewalFailed = failed[chain.originalID] == chain.current.id
            return chain
        }
    }

    func renewalRules(for chain: SubscriptionChain) -> RenewalRules {
        let period = catalog.product(id: chain.current.transaction.productID)?.subscription?.subscriptionPeriod
        return RenewalRules(
            billingFails: controls.billingRetryOnRenewal || chain.renewalFailed,
            gracePeriod: controls.billingGracePeriod ? period.map(controls.timeRate.gracePeriod(for:)) : nil,
            billingRetryPeriod: controls.timeRate.billingRetryPeriod
        )
    }

    /// Records a renewal for every period that ended before store time now, in every
    /// chain that renews, and sends each to `updates()`. Concurrent callers in this
    /// process share one pass; other processes record the same renewals under the same
    /// attempt IDs, so each is recorded once.
    func recordDueRenewals() async throws {
        if let renewing {
            return try await renewing.value
        }
        let pass = Task { try await self.renewalPass() }
        renewing = pass
        defer { renewing = nil }
        try await pass.value
    }

    private func renewalPass() async throws {
        let now = try await storeNow()
        let chains = try await allChains()
        // A family member's share renews when its purchaser's chain does.
        try await renewSharedChains(chains.filter(\.isFamilyShared), at: now)
        for chain in chains where !chain.isFamilyShared {
            try await renew(chain, at: now)
        }
    }

    /// Records the renewals of `chain` that fell due by `now` and hands each out.
    private func renew(_ due: SubscriptionChain, at now: Date) async throws {
        var chain = due
        var recorded = 0
        // A bound on one pass, for clocks far ahead of a fast time rate; the next
        // call carries on where this one stopped.
        while recorded < 1000, let start = chain.dueRenewal(at: now, billingFails: controls.billingRetryOnRenewal),
              let product = catalog.product(id: chain.renewsAs) {
            let purchase = try await renewalPurchase(of: chain, as: product, from: start)
            let entry: LedgerEntry
            do {
                entry = try await ledger.recordSubscriptionTransaction(
                    purchase, continuing: chain.current.id, attemptID: Self.renewalAttemptID(of: chain.current.id)
                )
            } catch .purchaseAttemptReused {
                break  // another process renewed it as another product; the next read shows it
            }
            recorded += 1
            // Auto-renew turned off only lets a commitment's own payments through: it stays off.
            guard var next = SubscriptionChain(
                entries: chain.entries + [entry], preference: chain.willAutoRenew ? nil : chain.preference
            ) else { break }
            next.priceIncrease = chain.priceIncrease
            next.renewsAsRemovedFromSale = chain.renewsAsRemovedFromSale
            chain = next
            _ = handOut(entry)
        }
        // A renewal billing fails is told when it fails, whether or not the lapse is swept
        // while it lasts, and holds the chain until a recovery.
        if controls.billingRetryOnRenewal, !chain.renewalFailed, chain.renewalDate(at: now) != nil {
            try await ledger.recordFailedRenewal(of: chain.current.id, gracePeriod: renewalRules(for: chain).gracePeriod != nil)
        }
    }

    /// The next period of `chain` as `product`, from `start`, as the App Store bills it.
    func renewalPurchase(of chain: SubscriptionChain, as product: Product, from start: Date) async throws -> LedgerPurchase {
        // A renewal keeps the token the app gave the chain's purchase, as the App Store's do.
        let offer = renewalOffer(in: chain, renewingAs: product)
        var period = subscriptionPurchase(
            of: product, from: start, offer: offer, appAccountToken: chain.current.transaction.appAccountToken
        )
        // A raised price the customer agreed to bills from this renewal on.
        if offer == nil, let raised = chain.raisedPrice { period.price = raised }
        return try await billedRenewal(period, of: chain, as: product)
    }

    /// The offer the next renewal of `chain` as `product` has: the one redeemed for it (a
    /// `PendingOffer`), else the one it keeps.
    func renewalOffer(in chain: SubscriptionChain, renewingAs product: Product) -> Product.SubscriptionOffer? {
        if let pending = chain.pendingOffer, pending.productID == product.id,
           let mode = Product.SubscriptionOffer.PaymentMode(pending.paymentMode), let period = Product.SubscriptionPeriod(iso8601: pending.period) {
            return Product.SubscriptionOffer(
                id: pending.offerID, type: Product.SubscriptionOffer.OfferType(pending.offerType), paymentMode: mode,
                period: period, periodCount: pending.periodCount, price: pending.price, priceFormatStyle: product.priceFormatStyle
            )
        }
        return carriedOffer(in: chain, renewingAs: product)
    }

    /// The offer a renewal keeps: a pay-as-you-go offer lasts `periodCount` periods.
    func carriedOffer(in chain: SubscriptionChain, renewingAs product: Product) -> Product.SubscriptionOffer? {
        let current = chain.current.transaction
        guard current.productID == product.id, current.offerPaymentMode == .payAsYouGo,
              let type = current.offerType, let subscription = product.subscription
        else { return nil }
        let offers = [subscription.introductoryOffer].compactMap { $0 } + subscription.promotionalOffers
            + subscription.winBackOffers + [current.offerID.flatMap(codeOffer)].compactMap { $0 }
        guard let offer = offers.first(where: { LedgerTransaction.OfferType($0.type) == type && $0.id == current.offerID })
        else { return nil }
        return chain.currentOfferStreak < offer.periodCount ? offer : nil
    }

    /// The attempt ID of the renewal that follows `transactionID`: the same in every
    /// process, so a renewal two processes record at once is recorded once.
    static func renewalAttemptID(of transactionID: Int64) -> UUID {
        UUID(nameBased: "storefront.renewal.\(transactionID)")
    }
}
