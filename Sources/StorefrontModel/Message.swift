import Foundation

/// A message the App Store has for the customer, shown over the app as a sheet when it
/// opens unless the app defers or suppresses it (StoreKit's `Message`).
///
/// ```swift
/// let options = AppOptions().onStoreMessage { message in
///     message.reason == .winBackOffer ? .suppress : .show  // the app merchandises its own offers
/// }
/// ```
public struct Message: Sendable, Hashable {
    /// Why the App Store sends the message.
    public struct Reason: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A message of no particular kind.
        public static let generic = Reason(rawValue: "generic")
        /// The customer is asked to agree to a subscription's price increase.
        public static let priceIncreaseConsent = Reason(rawValue: "priceIncreaseConsent")
        /// A subscription's billing failed and the customer is asked to update it.
        public static let billingIssue = Reason(rawValue: "billingIssue")
        /// The customer is eligible for a win-back offer: shown when the app launches.
        public static let winBackOffer = Reason(rawValue: "winBackOffer")
    }

    /// What the app does with a message when it arrives.
    public enum Disposition: Sendable, Hashable {
        /// Show it now (the default).
        case show
        /// Keep it and show it later: when the customer next comes back to the store list.
        case `defer`
        /// Never show it: the app presents the offer its own way, or not at all.
        case suppress
    }

    public let reason: Reason
    /// For a win-back offer: the subscription group it wins the customer back to.
    public let subscriptionGroupID: String?
    /// For a win-back offer: the best of the customer's `eligibleWinBackOfferIDs`.
    public let offerID: String?

    public init(reason: Reason, subscriptionGroupID: String? = nil, offerID: String? = nil) {
        self.reason = reason
        self.subscriptionGroupID = subscriptionGroupID
        self.offerID = offerID
    }

    /// The win-back messages a customer's standing calls for: one per group whose renewal
    /// info lists an eligible offer, for the best of them, by group ID.
    public static func winBackOffers(in entitlements: CustomerEntitlements) -> [Message] {
        entitlements.subscriptionGroups.keys.sorted().compactMap { groupID in
            guard let best = entitlements.subscriptionGroups[groupID]?.eligibleWinBackOfferIDs.first else { return nil }
            return Message(reason: .winBackOffer, subscriptionGroupID: groupID, offerID: best)
        }
    }
}
