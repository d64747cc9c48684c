import Foundation
import StorefrontModel

extension LocalStore {
    public func allTransactions() async throws -> [VerificationResult<Transaction>] {
        try await begin(nil)
        return try await entries().map(verificationResult(of:))
    }

    public func unfinishedTransactions() async throws -> [VerificationResult<Transaction>] {
        try await begin(nil)
        try await recordDueRenewals()
        return try await ledger.unfinishedTransactions().map(verificationResult(of:))
    }

    public func finish(_ transaction: Transaction) async throws {
        try await begin(nil)
        try await ledger.finishTransaction(id: Int64(clamping: transaction.id))
    }

    /// Restores purchases: reads the ledger again, recording renewals that fell due.
    public func sync() async throws {
        try await begin(.appStoreSync)
        try await recordDueRenewals()
    }

    /// The app's own purchase: first recorded the first time any process asks, with the
    /// versions from the controls.
    public func appTransaction() async throws -> VerificationResult<AppTransaction> {
        try await begin(.appTransaction)
        let firstSeen = try await ledger.appOriginalPurchaseDate(recordingIfAbsent: try await storeNow())
        let app = AppTransaction(
            appVersion: controls.appVersion, originalAppVersion: controls.originalAppVersion,
            originalPurchaseDate: firstSeen, appTransactionID: account.appTransactionID,
            originalPlatform: controls.originalPlatform
        )
        if case .verification(let error)? = controls.failures[.verification] {
            return .unverified(app, error.forSigned(AppTransaction.self))
        }
        return .verified(app)
    }

    /// Every ledger entry, oldest first, with its bookkeeping (finished or not), after
    /// recording the renewals that fell due. For tools that show the ledger itself;
    /// `verificationResult(of:)` gives each entry as the store hands it out.
    ///
    /// ```swift
    /// for entry in try await store.entries() where !entry.isFinished {
    ///     print(entry.id, entry.transaction.productID)
    /// }
    /// ```
    public func entries() async throws -> [LedgerEntry] {
        try await recordDueRenewals()
        return try await ledger.transactions()
    }
}
