import Foundation
import StorefrontModel

extension LocalStore {
    /// Looks at the ledger every `interval` on the store's clock, so that what other
    /// processes do (`storefront approve`, `decline`, `refund`, `advance`, `clear` in
    /// another terminal) reaches `updates()`: new transactions this store did not hand out,
    /// new refunds and reversed ones, renewals that fell due, declined Ask to Buy requests, transactions
    /// deleted, and a status change for each group whose renewal preference changed (an
    /// approved downgrade, auto-renew turned off) or whose renewal state did (a lapse at the
    /// end of a period). Returns the task; cancel it to stop.
    ///
    /// Transactions already in the ledger when watching starts are not sent: they are the
    /// app's to collect with `unfinishedTransactions()` at launch.
    ///
    /// ```swift
    /// let watcher = try await store.watchLedger(every: .seconds(1))
    /// defer { watcher.cancel() }
    /// ```
    ///
    /// Each look is one small query (`Ledger.changeMarker()`); the ledger is read in full only
    /// when it changed or a subscription period has ended, so a big ledger costs nothing idle.
    /// On PostgreSQL another process's commit also brings a look at once (LISTEN/NOTIFY).
    public func watchLedger(every interval: Duration) async throws -> Task<Void, Never> {
        var seen = LedgerSighting(try await ledger.transactions(), requests: try await ledger.askToBuyRequests())
        var renewals = try await renewalPlans()
        var priceChanges = try await PriceChangeSighting(ledger)
        var states = try await renewalStates()
        var refundRequests = try await ledger.refundRequestedIDs()
        // Nil after a look that failed, so the next reads everything again.
        var marker: Ledger.ChangeMarker? = try await ledger.changeMarker()
        var nextPeriodEnd = try await earliestPeriodEnd()
        let feed = ledger.changeFeed()
        return Task { [clock] in
            // Where the engine tells of changes, a look follows each at once; the interval
            // still brings renewals that fall due with no write at all.
            let wakeUp = WakeUp()
            let listening = feed.map { feed in Task { for await _ in feed { wakeUp.signal() } } }
            defer { listening?.cancel() }
            // Told once when a look finds the store gone, once when one finds it back.
            var unreachable = false
            while !Task.isCancelled {
                do {
                    if listening == nil {
                        try await clock.sleep(for: interval)
                    } else {
                        try await Self.sleep(for: interval, on: clock, orUntil: wakeUp)
                    }
                    let now = try await storeNow()
                    let current = try await ledger.changeMarker()
                    if unreachable {
                        unreachable = false
                        emit(.storeReachabilityChanged(isReachable: true))
                    }
                    guard current != marker || nextPeriodEnd.map({ $0 <= now }) == true else { continue }
                    try await recordDueRenewals()
                    // Marked before reading: a change landing while this look reads is seen by the next.
                    marker = try await ledger.changeMarker()
                    seen = try await announceChanges(since: seen)
                    renewals = try await announceRenewalChanges(since: renewals)
                    priceChanges = try await announcePriceChanges(since: priceChanges)
                    states = try await announceStateChanges(since: states)
                    refundRequests = try await announceRefundRequestChanges(since: refundRequests)
                    nextPeriodEnd = try await earliestPeriodEnd()
                } catch is CancellationError {
                    return
                } catch {
                    // The store stopped answering (a PostgreSQL server restarting, a lost
                    // connection): look again at the next interval, reading everything,
                    // rather than stop seeing other terminals for good.
                    if Task.isCancelled { return }
                    marker = nil
                    if let failure = error as? LedgerError, case .storeUnavailable = failure, !unreachable {
                        unreachable = true
                        emit(.storeReachabilityChanged(isReachable: false))
                    }
                }
            }
        }
    }

    /// Sleeps `interval` on the store's clock, or less when `wakeUp` is signalled first.
    private static func sleep(for interval: Duration, on clock: StoreClock, orUntil wakeUp: WakeUp) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await clock.sleep(for: interval) }
            group.addTask { await wakeUp.wait() }
            try await group.next()
            group.cancelAll()
        }
    }

    /// What each chain's next renewal is to be, by original transaction ID: its renewal
    /// preference, the offer that waits for it (`PendingOffer`) and a renewal that failed
    /// for billing, as text to compare.
    private func renewalPlans() async throws -> [Int64: String] {
        var plans = try await ledger.renewalPreferences().mapValues(\.storedText)
        for (originalID, offer) in try await ledger.pendingOffers() {
            plans[originalID, default: ""] += " offer \(offer.offerType.rawValue) \(offer.offerID) \(offer.productID)"
        }
        // A renewal that failed for billing in another process: the chain's state changed.
        for (originalID, transactionID) in try await ledger.failedRenewals() {
            plans[originalID, default: ""] += " failed \(transactionID)"
        }
        return plans
    }

    /// Sends a status change for each group whose renewal preference or waiting offer differs
    /// from `previous`, and returns them now. (A change made by this store was announced
    /// already; hearing it twice only refreshes the same status.)
    private func announceRenewalChanges(since previous: [Int64: String]) async throws -> [Int64: String] {
        let current = try await renewalPlans()
        try await announceStatusChanges(ofChanged: previous, current)
        return current
    }

    /// When the next standing subscription period ends, the earliest a renewal can fall due
    /// without the ledger changing; nil when none is still running.
    private func earliestPeriodEnd() async throws -> Date? {
        let now = try await storeNow()
        return try await allChains().filter(\.isStanding).compactMap(\.current.transaction.expirationDate).filter { $0 > now }.min()
    }

    /// Sends what changed in the ledger since `previous` and returns the new sighting.
    private func announceChanges(since previous: LedgerSighting) async throws -> LedgerSighting {
        let entries = try await ledger.transactions()
        let requests = try await ledger.askToBuyRequests()
        let current = LedgerSighting(entries, requests: requests)
        for entry in entries where previous.isNews(entry) && handedOut[entry.id] != (entry.transaction.revocationDate != nil)
            || previous.isExtended(entry, handedOutExpiring: handedOutExpirations[entry.id]) {
            _ = handOut(entry)
        }
        for request in requests where previous.isNewlyDeclined(request) {
            emit(.askToBuyDeclined(productID: request.productID))
        }
        // Gone: seen by the last look, or handed out by this store since (a purchase made
        // here and cleared in another terminal before the next look).
        let present = Set(entries.map(\.id))
        let vanished = handedOut.keys.filter { !present.contains($0) }
        if previous.hasRemovedTransactions(seeing: current) || !vanished.isEmpty {
            for id in vanished { handedOut[id] = nil; handedOutExpirations[id] = nil }
            emit(.transactionsRemoved)
        }
        return current
    }
}

/// Which transactions a store has seen, and which of them were revoked.
struct LedgerSighting: Sendable {
    private var ids: Set<Int64> = []
    private var revoked: Set<Int64> = []
    /// Ask to Buy requests seen declined.
    private var declined: Set<Int64> = []
    /// Each subscription's expiration date as seen, so a renewal-date extension is news.
    private var expirations: [Int64: Date] = [:]

    init(_ entries: [LedgerEntry], requests: [AskToBuyRequest]) {
        for entry in entries {
            ids.insert(entry.id)
            if entry.transaction.revocationDate != nil { revoked.insert(entry.id) }
            if let expiration = entry.transaction.expirationDate { expirations[entry.id] = expiration }
        }
        declined = Set(requests.filter { $0.status == .declined }.map(\.id))
    }

    /// A request declined since this sighting.
    func isNewlyDeclined(_ request: AskToBuyRequest) -> Bool {
        request.status == .declined && !declined.contains(request.id)
    }

    /// Whether a transaction seen here is gone from `later` (the ledger was cleared).
    func hasRemovedTransactions(seeing later: LedgerSighting) -> Bool {
        !ids.isSubset(of: later.ids)
    }

    /// A transaction seen before (by this sighting, or as the store handed it out, expiring
    /// then at `handedOut`) whose period now ends later: its renewal date was extended.
    func isExtended(_ entry: LedgerEntry, handedOutExpiring handedOut: Date?) -> Bool {
        guard let seen = [expirations[entry.id], handedOut].compactMap({ $0 }).max(),
              let now = entry.transaction.expirationDate
        else { return false }
        return now > seen && entry.transaction.revocationDate == nil
    }

    /// A transaction not seen before, one revoked since, or one whose refund was reversed since.
    func isNews(_ entry: LedgerEntry) -> Bool {
        !ids.contains(entry.id) || (entry.transaction.revocationDate != nil) != revoked.contains(entry.id)
    }
}
