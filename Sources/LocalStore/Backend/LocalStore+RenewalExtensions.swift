import Foundation
import StoreCatalog
import StorefrontModel

/// Renewal-date extensions, Apple's compensation for an outage: one subscription, or every
/// active subscriber of a product across the ledger's customers.
extension LocalStore {
    /// Extends the customer's subscription that began with `originalTransactionID` by `days`
    /// (1 to 90), at store time now, once per `requestIdentifier`; renewals that fell due are
    /// recorded first, so a subscription that renewed counts as active. A running app sees the
    /// new expiration date through `updates()` (`watchLedger`).
    ///
    /// ```swift
    /// let done = try await store.extendRenewalDate(originalTransactionID: 7, byDays: 30, reason: .serviceIssueOrOutage,
    ///                                              requestIdentifier: UUID().uuidString)
    /// if let refusal = done.refusal { print("not extended: \(refusal)") }
    /// ```
    public func extendRenewalDate(
        originalTransactionID: Int64, byDays days: Int, reason: RenewalExtension.Reason, requestIdentifier: String
    ) async throws -> RenewalExtension {
        try await recordDueRenewals()
        let extended = try await ledger.extendRenewalDate(
            originalID: originalTransactionID, byDays: days, reason: reason, requestIdentifier: requestIdentifier,
            at: try await storeNow()
        )
        if extended.effectiveDate != nil, let entry = try await ledger.transactions().last(where: {
            $0.transaction.originalID == originalTransactionID && $0.transaction.expirationDate == extended.effectiveDate
        }) {
            _ = handOut(entry)
        }
        return extended
    }

    /// Runs `request` over every customer of `ledger`: each chain whose plan in force is the
    /// request's product, in one of its storefronts (all when it names none), is extended or
    /// refused (`RENEWAL_EXTENSION` `FAILURE`), then the outcome is recorded with a
    /// `RENEWAL_EXTENSION` `SUMMARY` notification. Filing the same request identifier again
    /// finishes a run that was cut short and counts nothing twice.
    ///
    /// ```swift
    /// let done = try await LocalStore.extendRenewalDatesForAllActiveSubscribers(
    ///     request, catalog: catalog, ledger: ledger, controls: controls, clock: .live)
    /// print(done.succeededCount, done.failedCount)
    /// ```
    public static func extendRenewalDatesForAllActiveSubscribers(
        _ request: MassRenewalExtension, catalog: Catalog, ledger: Ledger, controls: StoreControls, clock: StoreClock
    ) async throws -> MassRenewalExtension {
        var run = try await ledger.fileMassRenewalExtension(request)
        guard run.completedAt == nil else { return run }
        for account in try await ledger.accounts() {
            let store = LocalStore(catalog: catalog, ledger: ledger, account: account, clock: clock, controls: controls)
            for outcome in try await store.extendActiveSubscribers(of: run) {
                if outcome.effectiveDate == nil { run.failedCount += 1 } else { run.succeededCount += 1 }
            }
        }
        run.completedAt = clock.now
        try await ledger.completeMassRenewalExtension(run)
        return try await ledger.massRenewalExtension(requestIdentifier: run.requestIdentifier) ?? run
    }

    /// This customer's part of a mass extension: every chain in force as its product.
    private func extendActiveSubscribers(of request: MassRenewalExtension) async throws -> [RenewalExtension] {
        try await recordDueRenewals()
        let now = try await storeNow()
        var outcomes: [RenewalExtension] = []
        for chain in try await allChains() where chain.current.transaction.productID == request.productID {
            // Active subscribers only: a chain that lapsed or was revoked is not tried at all.
            guard chain.isStanding, let expiration = chain.current.transaction.expirationDate, expiration > now else { continue }
            if let storefronts = request.storefrontCountryCodes, !storefronts.contains(chain.current.transaction.storefront) { continue }
            outcomes.append(try await ledger.extendRenewalDate(
                originalID: chain.originalID, byDays: request.extendByDays, reason: request.reason,
                requestIdentifier: request.requestIdentifier, at: now, mass: true
            ))
        }
        return outcomes
    }
}
