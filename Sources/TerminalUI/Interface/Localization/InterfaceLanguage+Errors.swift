import Foundation
import StorefrontModel

extension InterfaceLanguage {
    /// What went wrong, in this language: the store's errors (StoreKit's, the purchase's,
    /// an offer code's) read from the table; any other error as it describes itself.
    ///
    /// ```swift
    /// language.describe(StoreKitError.notAvailableInStorefront)  // "この商品はお住まいの国または地域では販売されていません。"
    /// ```
    public func describe(_ error: any Error) -> String {
        switch error {
        case let error as StoreKitError: describe(error)
        case let error as Product.PurchaseError: describe(error)
        case let error as OfferCodeError: describe(error)
        case Transaction.RefundRequestError.duplicateRequest: text("You've already requested a refund for this purchase.")
        case Transaction.RefundRequestError.failed: text("The refund request couldn't be sent.")
        case StorefrontError.purchaseInProgress: text("Another purchase is still in progress.")
        default: describesSystemErrors ? error.localizedDescription : text("The store reported an unknown error.")
        }
    }

    private func describe(_ error: StoreKitError) -> String {
        switch error {
        case .networkError(let error): text("The store could not be reached (%@).", String(error.code.rawValue))
        case .systemError(let error):
            describesSystemErrors ? text("The store failed: %@", error.localizedDescription) : text("The store reported an unknown error.")
        case .userCancelled: text("The purchase was cancelled.")
        case .notAvailableInStorefront: text("This item is not sold in your country or region.")
        case .notEntitled: text("You are not entitled to this item.")
        case .unsupported: text("This is not supported here.")
        case .unknown: text("The store reported an unknown error.")
        }
    }

    private func describe(_ error: Product.PurchaseError) -> String {
        switch error {
        case .invalidQuantity: text("That quantity cannot be bought.")
        case .productUnavailable: text("This item is not available.")
        case .purchaseNotAllowed: text("Purchases are not allowed on this account.")
        case .ineligibleForOffer: text("You are not eligible for this offer.")
        case .invalidOfferIdentifier: text("The offer does not exist.")
        case .invalidOfferPrice: text("The offer's price is not valid.")
        case .invalidOfferSignature: text("The offer's signature is not valid.")
        case .missingOfferParameters: text("The offer is missing details.")
        }
    }

    private func describe(_ error: OfferCodeError) -> String {
        switch error {
        case .unknownCode(let code): text("No offer has the code %@. Check it and try again.", code)
        case .alreadyRedeemed(let code): text("The code %@ has already been redeemed.", code)
        case .notEligible(let code, let reason): text("The code %@ can't be used: %@.", code, describe(reason))
        }
    }

    private func describe(_ reason: OfferCodeError.Ineligibility) -> String {
        switch reason {
        case .alreadyOwned(let name): text("you already own %@", name)
        case .notForNewSubscribers: text("it is not for new subscribers")
        case .notForCurrentSubscribers: text("it is not for current subscribers")
        case .notForLapsedSubscribers: text("it is not for customers whose subscription has ended")
        case .offerWaiting(let offer): text("the offer %@ already waits for your next renewal", offer)
        }
    }
}
