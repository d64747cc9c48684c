import Foundation

/// What went wrong with the ledger, naming the path, ID or key involved.
///
/// Each case carries the sysexits code the command-line tool exits with:
///
/// ```swift
/// do {
///     _ = try Ledger(location: .default(catalogIdentifier: "birds"))
/// } catch {
///     print("storefront: \(error)")
///     exit(error.exitCode)
/// }
/// ```
public enum LedgerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither `XDG_DATA_HOME` nor `HOME` says where the ledger lives.
    case noDataDirectory
    /// The catalog identifier cannot name a folder (empty, `.`, `..`, or contains `/`).
    case invalidCatalogIdentifier(String)
    /// A folder, the database or the key file could not be created.
    case cannotCreate(path: String, reason: String)
    /// The database or key file exists but could not be read.
    case cannotRead(path: String, reason: String)
    /// The database could not be written (read-only, disk full, I/O error, busy too long).
    case cannotWrite(path: String, reason: String)
    /// The database server cannot be reached, or the connection to it was lost.
    case storeUnavailable(store: String, reason: String)
    /// The database server would not sign us in (no password, a wrong one, a method we lack).
    case signInRefused(store: String, reason: String)
    /// The file is not a ledger (not SQLite, corrupt, or a schema this version does not know).
    case notALedger(path: String, reason: String)
    /// The key file holds no usable P-256 private key, or a line that is not part of a key set.
    case invalidKeyFile(path: String, reason: String)
    /// The key file may be read or written by its group or others (`mode`, such as 0o644).
    case keyFileNotPrivate(path: String, mode: Int)
    /// A key file that is a FIFO, a device, a directory or a socket (`kind`, such as "a named pipe (FIFO)").
    case notARegularFile(path: String, kind: String)
    /// The key file signed none of the `rows` the ledger holds: another store's, a mistyped
    /// path (`created`: it was just made, and has been taken back), or a lost key.
    case keysSignNoRows(keyFile: String, ledger: String, rows: Int, created: Bool)
    /// The purchase cannot be recorded as given (empty product ID, quantity below 1, negative price).
    case invalidPurchase(String)
    /// Signing failed inside the crypto library.
    case signingFailed(reason: String)
    /// No transaction has this ID.
    case transactionNotFound(id: Int64)
    /// The transaction's JWS does not verify, so the store refuses to re-sign it.
    case unverifiedTransaction(id: Int64, failure: VerificationFailure)
    /// Renewal and expiry apply only to auto-renewable subscriptions.
    case notAnAutoRenewableSubscription(id: Int64, productID: String)
    /// A purchase attempt ID already recorded a purchase of another product.
    case purchaseAttemptReused(attemptID: UUID, recordedProductID: String, requestedProductID: String)
    /// A purchase attempt ID was already used by another customer account.
    case purchaseAttemptOfAnotherAccount(attemptID: UUID, account: CustomerAccount)
    /// No Ask to Buy request has this ID.
    case askToBuyRequestNotFound(id: Int64)
    /// The Ask to Buy request was already approved or declined the other way.
    case askToBuyRequestAlreadyDecided(id: Int64, status: AskToBuyRequest.Status)
    /// A refund request, decision or reversal that transaction `id`'s state does not allow;
    /// `reason` completes "transaction N …".
    case refundNotPossible(id: Int64, reason: String)

    /// The sysexits(3) code for this error: 73 can't create, 74 I/O, 65 bad data, 69 unavailable,
    /// 66 a key file that is not a regular file, 70 internal, 77 a key file others may read or that signed none of the
    /// ledger's rows, or a database that would not sign us in.
    public var exitCode: Int32 {
        switch self {
        case .keyFileNotPrivate, .signInRefused, .keysSignNoRows: 77
        case .noDataDirectory, .cannotCreate: 73
        case .notARegularFile: 66
        case .cannotRead, .cannotWrite: 74
        case .signingFailed: 70
        case .storeUnavailable: 69
        case .invalidCatalogIdentifier, .invalidPurchase, .notALedger, .invalidKeyFile, .transactionNotFound,
             .unverifiedTransaction, .notAnAutoRenewableSubscription, .purchaseAttemptReused,
             .purchaseAttemptOfAnotherAccount, .askToBuyRequestNotFound, .askToBuyRequestAlreadyDecided,
             .refundNotPossible: 65
        }
    }

    public var description: String {
        switch self {
        case .noDataDirectory:
            "cannot find a folder for the ledger: neither XDG_DATA_HOME nor HOME is set"
        case .invalidCatalogIdentifier(let identifier):
            "catalog identifier \"\(identifier)\" cannot name a ledger folder (empty, '.', '..' or contains '/')"
        case .cannotCreate(let path, let reason):
            "cannot create \(path): \(reason)"
        case .cannotRead(let path, let reason):
            "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        case .storeUnavailable(let store, let reason):
            "cannot reach the store \(store): \(reason)"
        case .signInRefused(let store, let reason):
            "the store \(store) would not sign in: \(reason)"
        case .notALedger(let path, let reason):
            "\(path) is not a usable ledger: \(reason)"
        case .invalidKeyFile(let path, let reason):
            "store key \(path): \(reason)"
        case .keyFileNotPrivate(let path, let mode):
            "key file \(path) has mode 0\(String(mode, radix: 8)), so others may read it; "
                + "it must be readable by its owner alone (chmod 600 \(path))"
        case .notARegularFile(let path, let kind):
            "key file \(path) is \(kind), not a regular file: name the key file itself"
        case .keysSignNoRows(let keyFile, let ledger, let rows, let created):
            (created ? "no key file at \(keyFile), and a new key is made only for an empty store: " : "store key \(keyFile) signed none of ")
                + "the \(rows) transaction\(rows == 1 ? "" : "s") in \(ledger)"
                + (created ? (rows == 1 ? " was" : " were") + " signed by another key" : "")
                + "; name the key file that signed them with --store-key, or start a new key set on purpose with "
                + "storefront store rotate-key --store-key \(keyFile)"
        case .invalidPurchase(let reason):
            "cannot record the purchase: \(reason)"
        case .signingFailed(let reason):
            "signing a transaction failed: \(reason)"
        case .transactionNotFound(let id):
            "no transaction with ID \(id)"
        case .unverifiedTransaction(let id, let failure):
            "transaction \(id) does not verify (\(failure)); it will not be re-signed"
        case .notAnAutoRenewableSubscription(let id, let productID):
            "transaction \(id) (\(productID)) is not an auto-renewable subscription"
        case .purchaseAttemptReused(let attemptID, let recorded, let requested):
            "purchase attempt \(attemptID) already bought \(recorded); it cannot also buy \(requested)"
        case .purchaseAttemptOfAnotherAccount(let attemptID, let account):
            "purchase attempt \(attemptID) belongs to another account; account \(account) cannot reuse it"
        case .askToBuyRequestNotFound(let id):
            "no Ask to Buy request with ID \(id)"
        case .askToBuyRequestAlreadyDecided(let id, let status):
            "Ask to Buy request \(id) is already \(status.rawValue)"
        case .refundNotPossible(let id, let reason):
            "transaction \(id) \(reason)"
        }
    }
}

/// The description is what a person is shown wherever the error is described, in the app's
/// alerts as on the command line, not Foundation's "The operation could not be completed".
extension LedgerError: LocalizedError {
    public var errorDescription: String? { description }
}
