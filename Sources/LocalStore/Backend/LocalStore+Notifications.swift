import Foundation

extension LocalStore {
    /// Records the renewals that fell due, then, for every subscription chain whose period
    /// ended at store time now, the notifications its lapse calls for (a failed renewal, the
    /// grace period's end, the expiry): once per period, however often this runs, in however
    /// many processes.
    ///
    /// ```swift
    /// let next = try await store.recordDueNotifications()  // run again by then
    /// ```
    ///
    /// - Returns: The store time at which a chain's state next changes with no write (an
    ///   expiry, a grace period's or billing retry's end); nil when none will.
    public func recordDueNotifications() async throws -> Date? {
        try await recordDueRenewals()
        let now = try await storeNow()
        var lapses: [(current: LedgerTransaction, kinds: [(key: String, kind: NotificationKind)])] = []
        var changes: [Date] = []
        for chain in try await allChains() where chain.isStanding {
            let rules = renewalRules(for: chain)
            let (state, renewal) = chain.status(at: now, rules: rules)
            lapses.append((chain.current.transaction, NotificationKind.lapse(
                state: state, reason: renewal.expirationReason, hadGracePeriod: rules.gracePeriod != nil
            )))
            guard let expiration = chain.current.transaction.expirationDate else { continue }
            changes += [expiration, expiration + (rules.gracePeriod ?? 0), expiration + rules.billingRetryPeriod]
        }
        // One write for them all: a lapse already recorded inserts nothing, but each write
        // still takes the account's lock (and on PostgreSQL wakes its watchers).
        try await ledger.enqueueLapses(lapses)
        return changes.filter { $0 > now }.min()
    }
}
