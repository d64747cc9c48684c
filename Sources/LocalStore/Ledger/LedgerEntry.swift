import Foundation

/// Whether a stored transaction still carries the store's signature.
public enum LedgerVerification: Sendable, Hashable {
    case verified
    case unverified(VerificationFailure)
}

/// A transaction read back from the ledger, checked against its JWS.
///
/// ```swift
/// for entry in try await ledger.unfinishedTransactions() where entry.isVerified {
///     deliver(entry.transaction.productID)
///     try await ledger.finishTransaction(id: entry.id)
/// }
/// ```
public struct LedgerEntry: Sendable, Hashable, Identifiable {
    /// The columns as stored; trust them only when `isVerified`.
    public let transaction: LedgerTransaction
    public let verification: LedgerVerification
    /// The compact JWS the store signed for this transaction.
    public let jwsRepresentation: String
    /// The attempt that recorded this transaction (local bookkeeping, not signed).
    public let purchaseAttemptID: UUID
    /// Whether the app finished (delivered) it (local bookkeeping, not signed).
    public let isFinished: Bool

    public var id: Int64 { transaction.id }

    public var isVerified: Bool { verification == .verified }
}
