import Foundation

/// Why the store refused an offer code, as the offer-code sheet tells the customer.
///
/// ```swift
/// do {
///     _ = try await storefront.redeem(offerCode: "BIRDWATCHER")
/// } catch let error as OfferCodeError {
///     print(error.localizedDescription)  // "The code BIRDWATCHER has already been redeemed."
/// }
/// ```
public enum OfferCodeError: Error, LocalizedError, Hashable, Sendable {
    /// No offer has this code.
    case unknownCode(String)
    /// This customer redeemed the code before; a code counts once.
    case alreadyRedeemed(String)
    /// The code exists but is not for this customer, and why.
    case notEligible(String, reason: Ineligibility)

    /// Why a code is not for this customer.
    ///
    /// ```swift
    /// OfferCodeError.Ineligibility.notForNewSubscribers.description  // "it is not for new subscribers"
    /// ```
    public enum Ineligibility: Hashable, Sendable, CustomStringConvertible {
        /// The code gives a product the customer already owns (its display name).
        case alreadyOwned(String)
        /// The offer is for customers who subscribed before.
        case notForNewSubscribers
        /// The offer is for customers who do not subscribe now.
        case notForCurrentSubscribers
        /// The offer is not for customers whose subscription ended.
        case notForLapsedSubscribers
        /// Another offer (its code or ID) already waits for the subscription's next renewal.
        case offerWaiting(String)

        public var description: String {
            switch self {
            case .alreadyOwned(let name): "you already own \(name)"
            case .notForNewSubscribers: "it is not for new subscribers"
            case .notForCurrentSubscribers: "it is not for current subscribers"
            case .notForLapsedSubscribers: "it is not for customers whose subscription has ended"
            case .offerWaiting(let offer): "the offer \(offer) already waits for your next renewal"
            }
        }
    }

    public var errorDescription: String? {
        switch self {
        case .unknownCode(let code): "No offer has the code \(code). Check it and try again."
        case .alreadyRedeemed(let code): "The code \(code) has already been redeemed."
        case .notEligible(let code, let reason): "The code \(code) can't be used: \(reason)."
        }
    }
}
