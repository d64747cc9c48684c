import Foundation
import StorefrontModel

/// The notifications outbox: recorded inside the ledger's writes (`enqueue`), taken out by
/// the server that delivers them (`dueNotifications`, `recordAttempts`).
extension Ledger {
    /// Records a notification of `kind` about `transaction` in the write `store` runs: it
    /// commits with the change it tells of. A key already recorded is left as it was.
    func enqueue(
        _ kind: NotificationKind, key: String, about transaction: LedgerTransaction, in store: any LedgerStorageSession
    ) async throws {
        try await store.insertNotification(LedgerNotification(
            id: 0, accountID: account.id, key: key, notificationUUID: UUID(), notificationType: kind.type,
            subtype: kind.subtype, transactionID: transaction.id, originalTransactionID: transaction.originalID,
            createdAt: clock.now.ledgerMilliseconds, attemptCount: 0, nextAttemptAt: 0, signedPayload: nil
        ))
    }

    /// Records what subscription chains' lapses at store time say happened (see
    /// `NotificationKind.lapse`), once per period, in one database transaction: `current` is
    /// each chain's transaction in force. Nothing to record writes nothing.
    ///
    /// ```swift
    /// try await ledger.enqueueLapses([(current, [("expired", NotificationKind("EXPIRED", "VOLUNTARY"))])])
    /// ```
    public func enqueueLapses(
        _ lapses: [(current: LedgerTransaction, kinds: [(key: String, kind: NotificationKind)])]
    ) async throws(LedgerError) {
        let lapses = lapses.filter { !$0.kinds.isEmpty }
        guard !lapses.isEmpty else { return }
        try await write { store in
            for (current, kinds) in lapses {
                for (key, kind) in kinds {
                    try await self.enqueue(kind, key: "\(key).\(current.id)", about: current, in: store)
                }
            }
        }
    }

    /// Notifications whose next delivery round is due at `date` (wall clock), oldest first, in
    /// every account, leaving out any behind an earlier one of its original transaction still
    /// being delivered; each with its attempts so far.
    ///
    /// ```swift
    /// let due = try await ledger.dueNotifications(at: Date(), limit: 20)
    /// ```
    public func dueNotifications(at date: Date, limit: Int) async throws(LedgerError) -> [LedgerNotification] {
        try await read { store in try await store.dueNotifications(at: date.ledgerMilliseconds, limit: limit) }
    }

    /// Records one delivery round of `notification`: its attempts, the payload first sent, and
    /// when the next round is due (nil: done). One database transaction.
    ///
    /// ```swift
    /// try await ledger.recordAttempts(attempts, of: notification, signedPayload: jws, nextAttemptAt: nil)
    /// ```
    public func recordAttempts(
        _ attempts: [NotificationAttempt], of notification: LedgerNotification, signedPayload: String, nextAttemptAt: Date?
    ) async throws(LedgerError) {
        try await scoped(to: notification.account).write { store in
            try await store.recordNotificationAttempts(
                attempts, notificationID: notification.id, signedPayload: signedPayload,
                nextAttemptAt: nextAttemptAt?.ledgerMilliseconds
            )
        }
    }

    /// Every notification recorded from `start` up to `end` (milliseconds, store clock), in
    /// every account, oldest first, with its attempts.
    ///
    /// ```swift
    /// let all = try await ledger.notificationHistory(from: 0, to: .max)
    /// ```
    public func notificationHistory(from start: Int64, to end: Int64) async throws(LedgerError) -> [LedgerNotification] {
        try await read { store in try await store.notifications(createdFrom: start, to: end) }
    }

    /// The accounts that have transactions.
    ///
    /// ```swift
    /// for account in try await ledger.accounts() { print(account) }
    /// ```
    public func accounts() async throws(LedgerError) -> [CustomerAccount] {
        try await read { store in try await store.accountIDs() }.map(CustomerAccount.init(checked:))
    }
}
