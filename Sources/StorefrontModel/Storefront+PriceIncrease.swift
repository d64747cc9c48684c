import Foundation

extension StoreBackend {
    /// A backend with no price increases refuses an answer to one.
    public func answerPriceIncrease(originalTransactionID: Transaction.ID, consented: Bool) async throws {
        throw StoreKitError.unsupported
    }
}

extension Storefront {
    /// Answers the price increase of the subscription `originalTransactionID`, then loads
    /// what the customer owns again, so its renewal info says what they chose.
    ///
    /// ```swift
    /// let owned = try await storefront.answerPriceIncrease(originalTransactionID: 7, consented: true)
    /// owned.subscriptionGroup("pass").renewalInfo?.priceIncreaseStatus  // .agreed
    /// ```
    public func answerPriceIncrease(originalTransactionID: Transaction.ID, consented: Bool) async throws -> CustomerEntitlements {
        try await backend.answerPriceIncrease(originalTransactionID: originalTransactionID, consented: consented)
        return try await refreshEntitlements()
    }
}

extension Message {
    /// The price-increase consent messages a customer's standing calls for: one per group
    /// whose subscription's next renewal waits for their consent (and was not declined), by group ID.
    public static func priceIncreaseConsents(in entitlements: CustomerEntitlements) -> [Message] {
        entitlements.subscriptionGroups.keys.sorted().compactMap { groupID in
            guard let renewal = entitlements.subscriptionGroups[groupID]?.renewalInfo,
                  renewal.priceIncreaseStatus == .pending, renewal.willAutoRenew
            else { return nil }
            return Message(reason: .priceIncreaseConsent, subscriptionGroupID: groupID)
        }
    }
}
