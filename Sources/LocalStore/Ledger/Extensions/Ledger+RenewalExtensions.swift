import Foundation

extension Ledger {
    /// Extends the renewal date of the account's subscription `originalID` by `days`, once per
    /// `requestIdentifier`: the transaction in force gets the later expiration date, signed
    /// again, and a `RENEWAL_EXTENDED` notification is recorded in the same database transaction.
    ///
    /// A request identifier already used for this chain returns what it did then and changes
    /// nothing. A subscription that cannot be extended at `now` comes back with its `refusal`;
    /// one of a mass extension (`mass`) is recorded as such, with a `RENEWAL_EXTENSION`
    /// `FAILURE` notification, so the mass extension counts it once.
    ///
    /// ```swift
    /// let done = try await ledger.extendRenewalDate(originalID: 7, byDays: 30, reason: .customerSatisfaction,
    ///                                               requestIdentifier: "ticket-4411", at: now)
    /// ```
    ///
    /// - Throws: `LedgerError.transactionNotFound` when the account has no chain that began
    ///   with `originalID`; `.notAnAutoRenewableSubscription` when it is not a subscription.
    public func extendRenewalDate(
        originalID: Int64, byDays days: Int, reason: RenewalExtension.Reason, requestIdentifier: String, at now: Date,
        mass: Bool = false
    ) async throws(LedgerError) -> RenewalExtension {
        try await write { store in
            let chain = try await store.transactionRows(account: self.account, unfinishedOnly: false)
                .filter { $0.transaction.originalID == originalID }
            guard let original = chain.first(where: { $0.transaction.id == originalID }) else {
                throw LedgerError.transactionNotFound(id: originalID)
            }
            guard original.transaction.productType == .autoRenewable else {
                throw LedgerError.notAnAutoRenewableSubscription(id: originalID, productID: original.transaction.productID)
            }
            let past = try await store.renewalExtensions(originalTransactionID: originalID)
            if let done = past.first(where: { $0.requestIdentifier == requestIdentifier }) { return done }
            let current = chain.last(where: { !$0.transaction.isUpgraded }) ?? original
            try self.requireVerified(current)
            var record = RenewalExtension(
                originalTransactionID: originalID, requestIdentifier: requestIdentifier, extendByDays: days, reason: reason,
                effectiveDate: nil, refusal: RenewalExtension.refusal(current: current.transaction, past: past, at: now),
                createdAt: now.millisecondPrecision, isPartOfMassExtension: mass
            )
            if record.refusal != nil {
                guard mass else { return record }
                try await store.insertRenewalExtension(record, account: self.account)
                try await self.enqueue(
                    NotificationKind("RENEWAL_EXTENSION", "FAILURE"), key: MassRenewalExtension.failureKey(requestIdentifier: requestIdentifier, originalID: originalID),
                    about: current.transaction, in: store
                )
                return record
            }
            let extended = try await self.resign(id: current.transaction.id, in: store) { transaction in
                transaction.expirationDate = transaction.expirationDate?.addingTimeInterval(TimeInterval(days) * 86_400)
                return true
            }
            record.effectiveDate = extended.transaction.expirationDate
            try await store.insertRenewalExtension(record, account: self.account)
            try await self.enqueue(
                NotificationKind("RENEWAL_EXTENDED"), key: MassRenewalExtension.extendedKey(requestIdentifier: requestIdentifier, originalID: originalID),
                about: extended.transaction, in: store
            )
            return record
        }
    }

    /// The chain's renewal-date extensions, refused ones of mass extensions included, oldest first.
    ///
    /// ```swift
    /// let granted = try await ledger.renewalExtensions(originalID: 7).filter { $0.effectiveDate != nil }
    /// ```
    public func renewalExtensions(originalID: Int64) async throws(LedgerError) -> [RenewalExtension] {
        try await read { store in try await store.renewalExtensions(originalTransactionID: originalID) }
    }

    /// Files a mass extension; the one already filed under its request identifier, if any.
    ///
    /// ```swift
    /// let filed = try await ledger.fileMassRenewalExtension(request)
    /// ```
    public func fileMassRenewalExtension(_ request: MassRenewalExtension) async throws(LedgerError) -> MassRenewalExtension {
        try await write { store in
            if try await store.insertMassRenewalExtension(request) { return request }
            return try await store.massRenewalExtension(requestIdentifier: request.requestIdentifier) ?? request
        }
    }

    /// The mass extension filed under `requestIdentifier`, as it stands; nil when there is none.
    public func massRenewalExtension(requestIdentifier: String) async throws(LedgerError) -> MassRenewalExtension? {
        try await read { store in try await store.massRenewalExtension(requestIdentifier: requestIdentifier) }
    }

    /// Records a mass extension's outcome and its `RENEWAL_EXTENSION` `SUMMARY` notification,
    /// in one database transaction; a request already complete stays as it was.
    func completeMassRenewalExtension(_ request: MassRenewalExtension) async throws(LedgerError) {
        try await write { store in
            guard try await store.massRenewalExtension(requestIdentifier: request.requestIdentifier)?.completedAt == nil else { return }
            try await store.completeMassRenewalExtension(request)
            // About no transaction: the summary is the request's (`summaryKey` names it).
            try await store.insertNotification(LedgerNotification(
                id: 0, accountID: self.account.id, key: request.summaryKey, notificationUUID: UUID(),
                notificationType: "RENEWAL_EXTENSION", subtype: "SUMMARY", transactionID: 0, originalTransactionID: 0,
                createdAt: self.clock.now.ledgerMilliseconds, attemptCount: 0, nextAttemptAt: 0, signedPayload: nil
            ))
        }
    }
}
