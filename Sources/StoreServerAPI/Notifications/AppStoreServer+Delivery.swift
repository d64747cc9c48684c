import Foundation
import Synchronization
import LocalStore
import StorefrontModel

/// Delivering the ledger's notifications: the outbox's due entries are signed as Apple's
/// `ResponseBodyV2DecodedPayload`, POSTed to every `--notify` URL, and each round's
/// attempts recorded; a failed round is retried on Apple's schedule, scaled by the time rate.
extension AppStoreServer {
    /// Apple's retry schedule after a failed attempt: 1, 12, 24, 48 and 72 hours (real time),
    /// then no more.
    public static let retryHours: [Double] = [1, 12, 24, 48, 72]

    /// Delivers due notifications every `interval` and looks for lapsed subscriptions every
    /// `sweepInterval`, until cancelled. With no `--notify` URL it returns at once: the
    /// notifications stay in the outbox, and in Get Notification History.
    ///
    /// ```swift
    /// let delivering = Task { await api.deliverNotifications() }
    /// defer { delivering.cancel() }
    /// ```
    public func deliverNotifications(
        every interval: Duration = .milliseconds(20), sweepInterval: Duration = .milliseconds(250)
    ) async {
        guard !settings.notificationURLs.isEmpty else { return }
        // Side by side: a look over a large account must not hold back a delivery that is due.
        await withTaskGroup(of: Void.self) { loops in
            loops.addTask {
                while !Task.isCancelled {
                    await self.sweep()
                    try? await Task.sleep(for: sweepInterval)
                }
            }
            loops.addTask { await self.deliverDue(every: interval) }
        }
    }

    /// The most delivery rounds under way at once: receivers that never answer hold no more
    /// sockets than this, each for at most the delivery's own timeout.
    public static let maximumRoundsUnderWay = 32

    private func deliverDue(every interval: Duration) async {
        // Each round runs on its own, so a receiver slow to answer holds up only the round it is
        // in (and, until it is recorded, the later ones of that original transaction), never the
        // rest of the outbox.
        let underWay = RoundsUnderWay()
        await withDiscardingTaskGroup { rounds in
            while !Task.isCancelled {
                let room = Self.maximumRoundsUnderWay - underWay.count
                let readAt = ContinuousClock.now
                // One that cannot be signed or recorded (the store unreachable) is tried again next tick.
                if room > 0, let due = try? await settings.ledger.dueNotifications(at: settings.clock.now, limit: room + underWay.count) {
                    for notification in due.prefix(while: { _ in underWay.count < Self.maximumRoundsUnderWay })
                    where underWay.start(notification.id, readAt: readAt) {
                        rounds.addTask {
                            _ = await self.deliver(notification)
                            underWay.finish(notification.id)
                        }
                    }
                }
                underWay.forget(endedBefore: readAt)
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Records what time alone brought (renewals, lapses) for each account whose ledger rows
    /// changed or whose next lapse came since the last look.
    private func sweep() async {
        guard let accounts = try? await settings.ledger.accounts() else { return }
        for account in accounts {
            let scoped = settings.ledger.scoped(to: account)
            guard let (marker, offset) = try? await scoped.changeMarkerAndStoreTimeOffset() else { continue }
            let storeNow = settings.clock.now.addingTimeInterval(offset)
            guard sweeps.isDue(account, marker: marker, at: storeNow) else { continue }
            let store = LocalStore(catalog: settings.catalog, ledger: settings.ledger, account: account, controls: settings.controls)
            // `try?` would flatten "no lapse to come" (nil) into a failure and leave the account
            // due, so every pass would look at it again.
            let next: Date?
            do { next = try await store.recordDueNotifications() } catch { continue }
            guard let settled = try? await scoped.changeMarker() else { continue }
            sweeps.swept(account, marker: settled, until: next ?? .distantFuture)
        }
    }

    /// One delivery round of `notification` to every URL that has not taken it yet; false when
    /// it could not be signed or its round recorded.
    func deliver(_ notification: LedgerNotification) async -> Bool {
        let signed: String
        if let stored = notification.signedPayload {
            signed = stored
        } else {
            guard let fresh = try? await signedNotification(notification) else { return false }
            signed = fresh
        }
        let body = APIJSON.encode(["signedPayload": signed])
        let pending = settings.notificationURLs.filter { url in
            !notification.attempts.contains { $0.url == url.absoluteString && $0.succeeded }
        }
        let attempts = await withTaskGroup(of: NotificationAttempt.self) { group in
            for url in pending {
                group.addTask {
                    let result = await self.notificationDelivery.post(body, to: url)
                    return NotificationAttempt(
                        notificationID: notification.id, url: url.absoluteString, date: self.settings.clock.now.milliseconds,
                        result: result.rawValue
                    )
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let round = notification.attemptCount
        let next: Date? = attempts.allSatisfy(\.succeeded) || round >= Self.retryHours.count
            ? nil : settings.clock.now + settings.controls.timeRate.scaled(Self.retryHours[round] * 3600)
        do {
            try await settings.ledger.recordAttempts(attempts, of: notification, signedPayload: signed, nextAttemptAt: next)
            return true
        } catch {
            return false
        }
    }

    /// The notification as Apple's payload, signed: the transaction it names as it stands now
    /// (none once it no longer verifies or was cleared), and for a subscription its chain's
    /// renewal info and status.
    func signedNotification(_ notification: LedgerNotification) async throws(APIError) -> String {
        if notification.key.hasPrefix(MassRenewalExtension.summaryKeyPrefix) { return try await signedSummary(notification) }
        let entry: LedgerEntry?
        do {
            // One row: a one-time charge needs no more of the customer's history.
            entry = try await settings.ledger.scoped(to: notification.account).transaction(id: notification.transactionID)
        } catch {
            throw .generalInternalRetryable
        }
        var transactionInfo: String?, renewalInfo: String?, status: Int?, reason: String?
        if notification.notificationType == "CONSUMPTION_REQUEST" {
            do {
                reason = try await settings.ledger.scoped(to: notification.account)
                    .refundRequest(id: notification.transactionID)?.reason.rawValue
            } catch {
                throw .generalInternalRetryable
            }
        }
        if let entry, entry.isVerified {
            let transaction = entry.transaction
            transactionInfo = try signedTransaction(transaction)
            if transaction.productType == .autoRenewable, let group = transaction.subscriptionGroupID {
                let customer = try await customer(notification.account)
                let statuses: [Product.SubscriptionInfo.Status]
                do {
                    statuses = try await customer.store.subscriptionStatuses(for: group)
                } catch {
                    throw .generalInternalRetryable
                }
                for chain in statuses {
                    guard case .verified(let current) = chain.transaction, case .verified(let renewal) = chain.renewalInfo,
                          current.originalID == UInt64(transaction.originalID),
                          let shown = customer.transactions.first(where: { $0.id == Int64(current.id) })
                    else { continue }
                    renewalInfo = try signedRenewalInfo(renewal, current: shown, customer: customer)
                    status = chain.state.appStoreStatus
                }
            }
        }
        return try sign(NotificationPayload(
            type: notification.notificationType, subtype: notification.subtype, app: settings.app,
            signedDate: Date(timeIntervalSince1970: Double(notification.createdAt) / 1000),
            signedTransactionInfo: transactionInfo, signedRenewalInfo: renewalInfo, status: status,
            consumptionRequestReason: reason, id: notification.notificationUUID
        ))
    }
}

/// The outbox IDs whose delivery round is under way, and those whose round ended lately: a read
/// of the outbox begun before a round was recorded still shows it due, and must not send it again.
private final class RoundsUnderWay: Sendable {
    private struct Rounds {
        var underWay: Set<Int64> = []
        var ended: [Int64: ContinuousClock.Instant] = [:]
    }

    private let rounds = Mutex(Rounds())

    var count: Int { rounds.withLock { $0.underWay.count } }

    /// False when `id`'s round is under way, or ended after the outbox was read at `readAt`.
    func start(_ id: Int64, readAt: ContinuousClock.Instant) -> Bool {
        rounds.withLock { rounds in
            if let ended = rounds.ended[id], ended >= readAt { return false }
            return rounds.underWay.insert(id).inserted
        }
    }

    func finish(_ id: Int64) {
        rounds.withLock { rounds in
            rounds.underWay.remove(id)
            rounds.ended[id] = .now
        }
    }

    /// Forgets rounds that ended before `readAt`: every read from then on sees them recorded.
    func forget(endedBefore readAt: ContinuousClock.Instant) {
        rounds.withLock { rounds in rounds.ended = rounds.ended.filter { $0.value >= readAt } }
    }
}
