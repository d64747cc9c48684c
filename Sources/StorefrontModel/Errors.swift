import Foundation

/// Errors the store itself reports.
///
/// A backend that throws `.userCancelled` from a purchase counts as a cancel, not a failure.
///
/// ```swift
/// let error: any Error = StoreKitError.notAvailableInStorefront
/// print(error.localizedDescription) // This item is not sold in your country or region.
/// ```
public enum StoreKitError: Error, Sendable {
    case networkError(URLError)
    case systemError(any Error)
    case userCancelled
    case notAvailableInStorefront
    case notEntitled
    case unsupported
    case unknown
}

extension StoreKitError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .networkError(let error): "The store could not be reached (\(error.code.rawValue))."
        case .systemError(let error): "The store failed: \(error.localizedDescription)"
        case .userCancelled: "The purchase was cancelled."
        case .notAvailableInStorefront: "This item is not sold in your country or region."
        case .notEntitled: "You are not entitled to this item."
        case .unsupported: "This is not supported here."
        case .unknown: "The store reported an unknown error."
        }
    }
}

extension Product {
    /// Why the store refused a purchase request.
    ///
    /// ```swift
    /// let error: any Error = Product.PurchaseError.ineligibleForOffer
    /// print(error.localizedDescription) // You are not eligible for this offer.
    /// ```
    public enum PurchaseError: Error, CaseIterable, Hashable, Sendable {
        case invalidQuantity
        case productUnavailable
        case purchaseNotAllowed
        case ineligibleForOffer
        case invalidOfferIdentifier
        case invalidOfferPrice
        case invalidOfferSignature
        case missingOfferParameters
    }
}

extension Product.PurchaseError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidQuantity: "That quantity cannot be bought."
        case .productUnavailable: "This item is not available."
        case .purchaseNotAllowed: "Purchases are not allowed on this account."
        case .ineligibleForOffer: "You are not eligible for this offer."
        case .invalidOfferIdentifier: "The offer does not exist."
        case .invalidOfferPrice: "The offer's price is not valid."
        case .invalidOfferSignature: "The offer's signature is not valid."
        case .missingOfferParameters: "The offer is missing details."
        }
    }
}

/// Errors of the storefront model itself.
///
/// ```swift
/// do {
///     try await storefront.purchase(product)
/// } catch StorefrontError.purchaseInProgress {
///     // Another purchase is still running; nothing changed.
/// }
/// ```
public enum StorefrontError: Error, CaseIterable, Hashable, Sendable {
    /// A purchase was asked for while another one was still running.
    case purchaseInProgress
}

extension StorefrontError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .purchaseInProgress: "Another purchase is still in progress."
        }
    }
}
