import ArgumentParser
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// What a `--json` command prints on standard output when it fails, so a script reads the
/// same kind of line either way (the one-line message still goes to standard error, and the
/// exit code is the same):
///
/// ```
/// {"result":"failed","error":{"code":"alreadyRedeemed","message":"The code BIRDWATCHER has already been redeemed."}}
/// ```
///
/// The code is the store's own name for the refusal (`OfferCodeError`, `StoreKitError`,
/// `Product.PurchaseError` case names), else the sysexits name of the exit code.
enum FailureJSON {
    /// The line for a failure: the store's error, or a command that stopped before the
    /// store answered (a ledger that cannot be opened, a malformed codes file).
    static func line(for error: any Error) -> String {
        if let failure = error as? any ExitCodeError { return line(code: name(of: failure.exitCode), message: failure.description) }
        return line(code: code(of: error), message: error.localizedDescription)
    }

    /// The line for a refusal the command words itself, under the store's `code`.
    static func line(code: String, message: String) -> String {
        PropertyValue([
            "result": .string("failed"),
            "error": PropertyValue(["code": .string(code), "message": .string(message)]),
        ]).compactJSON
    }

    private static func code(of error: any Error) -> String {
        switch error {
        case let refusal as OfferCodeError:
            switch refusal {
            case .unknownCode: "unknownCode"
            case .alreadyRedeemed: "alreadyRedeemed"
            case .notEligible: "notEligible"
            }
        case let error as StoreKitError: SimulatedError.storeKit(error).name
        case let error as Product.PurchaseError: SimulatedError.purchase(error).name
        default: "unknown"
        }
    }

    /// sysexits(3)'s names, without the `EX_`, in camel case.
    private static func name(of exitCode: Int32) -> String {
        switch exitCode {
        case 64: "usage"
        case 65: "dataError"
        case 66: "noInput"
        case 69: "unavailable"
        case 70: "software"
        case 73: "cannotCreate"
        case 74: "ioError"
        case 77: "noPermission"
        default: "failure"
        }
    }
}
