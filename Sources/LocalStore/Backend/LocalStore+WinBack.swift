import Foundation
import StorefrontModel

extension LocalStore {
    /// The win-back offers the customer may take in `groupID` at `now`, best first
    /// (`WinBackEligibility` says who qualifies and in what order).
    func eligibleWinBackOfferIDs(inGroup groupID: String, chains: [SubscriptionChain], at now: Date) -> [String] {
        let states = chains.map { $0.status(at: now, rules: renewalRules(for: $0)).state }
        // Churned: nothing standing in the group, and the latest subscription simply expired.
        let isChurned = states.last == .expired
            && !states.contains { $0 == .subscribed || $0 == .inGracePeriod || $0 == .inBillingRetryPeriod }
        let products = catalog.catalog.subscriptionGroup(id: groupID)?.productIDs.compactMap(catalog.catalog.product(id:)) ?? []
        return WinBackEligibility(chains: chains, timeRate: controls.timeRate)
            .eligibleOfferIDs(in: products, isChurned: isChurned, at: now)
    }

    /// The win-back offer `request` asked for, when the customer may take it now.
    ///
    /// - Throws: `Product.PurchaseError.ineligibleForOffer` when the customer's renewal info
    ///   would not list it (subscribed, in billing retry or grace, or outside its terms).
    func eligibleWinBackOffer(for request: PurchaseRequest, at now: Date) async throws -> Product.SubscriptionOffer? {
        guard let offer = request.winBackOffer else { return nil }
        guard let groupID = request.product.subscription?.subscriptionGroupID,
              let id = offer.id,
              eligibleWinBackOfferIDs(inGroup: groupID, chains: try await chains(inGroup: groupID), at: now).contains(id)
        else { throw Product.PurchaseError.ineligibleForOffer }
        return offer
    }
}
