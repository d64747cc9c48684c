import Crypto
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
        return SubscriptionChain.chains(
            in: try await ledger.transactions(), preferences: try await ledger.renewalPreferences()
        ).map { chain in
            var chain = chain
            chain.priceIncrease = increases[chain.originalID]
            chain.renewsAsRemovedFromSale = offSale.contains(chain.renewsAs)
            return chain
        }
    }

    func renewalRules(for chain: SubscriptionChain) -> RenewalRules {
        let period = catalog.product(id: chain.current.transaction.productID)?.subscription?.subscriptionPeriod
        return RenewalRules(
            billingFails: controls.billingRetryOnRenewal,
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
        for var chain in try await allChains() {
            var recorded = 0
            // A bound on one pass, for clocks far ahead of a fast time rate; the next
            // call carries on where this one stopped.
            while recorded < 1000, let start = chain.dueRenewal(at: now, billingFails: controls.billingRetryOnRenewal),
                  let product = catalog.product(id: chain.renewsAs) {
                // A renewal keeps the token the app gave the chain's purchase, as the App Store's do.
                let offer = carriedOffer(in: chain, renewingAs: product)
                var period = subscriptionPurchase(
                    of: product, from: start, offer: offer, appAccountToken: chain.current.transaction.appAccountToken
                )
                // A raised price the customer agreed to bills from this renewal on.
                if offer == nil, let raised = chain.raisedPrice { period.price = raised }
                let purchase = try await billedRenewal(period, of: chain, as: product)
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
        }
    }

    /// The offer a renewal keeps: a pay-as-you-go offer lasts `periodCount` periods.
    func carriedOffer(in chain: SubscriptionChain, renewingAs product: Product) -> Product.SubscriptionOffer? {
        let current = chain.current.transaction
        guard current.productID == product.id, current.offerPaymentMode == .payAsYouGo,
              let type = current.offerType, let subscription = product.subscription
        else { return nil }
        let offers = [subscription.introductoryOffer].compactMap { $0 } + subscription.promotionalOffers
            + subscription.winBackOffers
        guard let offer = offers.first(where: { LedgerTransaction.OfferType($0.type) == type && $0.id == current.offerID })
        else { return nil }
        return chain.currentOfferStreak < offer.periodCount ? offer : nil
    }

    /// The attempt ID of the renewal that follows `transactionID`: the same in every
    /// process, so a renewal two processes record at once is recorded once.
    static func renewalAttemptID(of transactionID: Int64) -> UUID {
        var bytes = Array(SHA256.hash(data: Data("storefront.renewal.\(transactionID)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5 style: name-based
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }
}
