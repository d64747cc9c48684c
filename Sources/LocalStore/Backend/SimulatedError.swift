import Foundation
import StoreCatalog
import StorefrontModel

/// An error a test makes a store API fail with, like StoreKit Testing's `SKTestFailures`.
///
/// Names are StoreKit's case names, as the command line takes them
/// (`--fail purchase=ineligibleForOffer`):
/// - any API: `unknown`, `networkError`, `systemError`, `notAvailableInStorefront`,
///   `notEntitled`, `unsupported`, `userCancelled` (StoreKitError);
/// - purchase also: `invalidQuantity`, `productUnavailable`, `purchaseNotAllowed`,
///   `ineligibleForOffer`, `invalidOfferIdentifier`, `invalidOfferPrice`,
///   `invalidOfferSignature`, `missingOfferParameters` (Product.PurchaseError);
/// - verification only: `revokedCertificate`, `invalidCertificateChain`,
///   `invalidDeviceVerification`, `invalidEncoding`, `invalidSignature`,
///   `missingRequiredProperties` (VerificationResult.VerificationError).
///
/// ```swift
/// let error = try SimulatedError(name: "networkError", for: .purchase)
/// print(error.name) // networkError
/// ```
public enum SimulatedError: Sendable {
    case storeKit(StoreKitError)
    case purchase(Product.PurchaseError)
    /// Transactions come back unverified with this error instead of anything being thrown.
    case verification(VerificationResult<Transaction>.VerificationError)

    /// Why a name cannot be used, naming the API and the names it takes.
    public struct NameError: Error, Sendable, CustomStringConvertible {
        public let name: String
        public let api: StoreAPI

        public var description: String {
            "\(api.rawValue) cannot fail with \"\(name)\"; use one of: "
                + SimulatedError.names(for: api).joined(separator: ", ")
        }
    }

    /// The error called `name`, if `api` can fail with it.
    public init(name: String, for api: StoreAPI) throws(NameError) {
        guard let error = Self.candidates(for: api).first(where: { $0.name == name }) else {
            throw NameError(name: name, api: api)
        }
        self = error
    }

    /// The error a `.storekit` file selects for `api` (`_storeKitErrors[].current`): its
    /// category (`generic`, `purchase`, `verification`) and position in that category, in
    /// the order this type lists them. Anything else is the API's default error.
    public init(selection: StoreKitErrorSetting.Selection?, for api: StoreAPI) {
        let list: [SimulatedError] = switch selection?.type {
        case "generic": Self.storeKitErrors
        case "purchase": Product.PurchaseError.allCases.map(SimulatedError.purchase)
        case "verification": VerificationResult<Transaction>.VerificationError.allCases.map(SimulatedError.verification)
        default: []
        }
        let names = Set(Self.names(for: api))
        if let index = selection?.index, list.indices.contains(index), names.contains(list[index].name) {
            self = list[index]
        } else {
            self = api.defaultError
        }
    }

    /// The StoreKit case name.
    public var name: String {
        switch self {
        case .storeKit(let error):
            switch error {
            case .networkError: "networkError"
            case .systemError: "systemError"
            case .userCancelled: "userCancelled"
            case .notAvailableInStorefront: "notAvailableInStorefront"
            case .notEntitled: "notEntitled"
            case .unsupported: "unsupported"
            case .unknown: "unknown"
            }
        case .purchase(let error): String(describing: error)
        case .verification(let error): String(describing: error)
        }
    }

    /// The error to throw; `nil` for verification errors, which are never thrown.
    var thrown: (any Error)? {
        switch self {
        case .storeKit(let error): error
        case .purchase(let error): error
        case .verification: nil
        }
    }

    /// The names `api` accepts, in the order `--help` lists them.
    public static func names(for api: StoreAPI) -> [String] {
        candidates(for: api).map(\.name)
    }

    private static func candidates(for api: StoreAPI) -> [SimulatedError] {
        switch api {
        case .verification:
            VerificationResult<Transaction>.VerificationError.allCases.map(SimulatedError.verification)
        case .purchase:
            storeKitErrors + Product.PurchaseError.allCases.map(SimulatedError.purchase)
        case .loadProducts, .appStoreSync, .subscriptionStatus, .appTransaction, .refundRequest:
            storeKitErrors
        }
    }

    /// Xcode's generic errors, in our fixed order.
    private static let storeKitErrors: [SimulatedError] = [
        .storeKit(.unknown),
        .storeKit(.networkError(URLError(.notConnectedToInternet))),
        .storeKit(.systemError(SimulatedSystemFailure())),
        .storeKit(.notAvailableInStorefront),
        .storeKit(.notEntitled),
        .storeKit(.unsupported),
        .storeKit(.userCancelled),
    ]
}

/// The cause inside a simulated `StoreKitError.systemError`.
struct SimulatedSystemFailure: LocalizedError {
    var errorDescription: String? { "a failure simulated by the store's test controls" }
}
