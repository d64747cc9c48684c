import Foundation

extension Ledger {
    /// Files a purchase for approval, StoreKit's Ask to Buy; nothing is bought yet.
    ///
    /// Asking again with the same `attemptID` returns the request already filed.
    ///
    /// ```swift
    /// let request = try await ledger.requestAskToBuy(purchase, attemptID: UUID(), at: Date())
    /// print(request.status) // pending
    /// ```
    public func requestAskToBuy(
        _ purchase: LedgerPurchase, attemptID: UUID, at date: Date
    ) async throws(LedgerError) -> AskToBuyRequest {
        if let problem = purchase.problem { throw .invalidPurchase(problem) }
        return try await write(retryingLostConnections: true) { store in
            if let filed = try await store.askToBuyRequest(attemptID: attemptID) {
                guard filed.account == self.account else {
                    throw LedgerError.purchaseAttemptOfAnotherAccount(attemptID: attemptID, account: self.account)
                }
                guard filed.productID == purchase.productID else {
                    throw LedgerError.purchaseAttemptReused(
                        attemptID: attemptID, recordedProductID: filed.productID, requestedProductID: purchase.productID
                    )
                }
                return filed
            }
            return try await store.insertAskToBuyRequest(
                attemptID: attemptID, purchase: purchase, createdAt: date, account: self.account
            )
        }
    }

    /// Approves a request and records its purchase as filed in the same database transaction.
    ///
    /// The purchase is dated `date`, and a subscription's period moves with it.
    /// Approving twice returns the same transaction; approving a declined request fails.
    ///
    /// ```swift
    /// let entry = try await ledger.approveAskToBuy(requestID: request.id, at: Date())
    /// ```
    public func approveAskToBuy(requestID: Int64, at date: Date) async throws(LedgerError) -> LedgerEntry {
        let row = try await write { store in
            let request = try await self.askToBuyRequest(id: requestID, in: store)
            if request.status == .approved, let recorded = try await store.transactionRow(attemptID: request.purchaseAttemptID) {
                return recorded
            }
            // An approved request without a transaction of its own (a subscription approval
            // that changed only the renewal) fails here rather than buy the plan as filed.
            try await self.markApproved(requestID: requestID, at: date, in: store)
            var purchase = request.purchase
            let delay = date.timeIntervalSince(purchase.purchaseDate)
            purchase.purchaseDate = date
            purchase.expirationDate = purchase.expirationDate?.addingTimeInterval(delay)
            return try await self.insert(purchase, attemptID: request.purchaseAttemptID, original: nil, in: store)
        }
        return entry(row)
    }

    /// Declines a request; declining twice is harmless, declining an approved one fails.
    ///
    /// ```swift
    /// let declined = try await ledger.declineAskToBuy(requestID: request.id, at: Date())
    /// ```
    public func declineAskToBuy(requestID: Int64, at date: Date) async throws(LedgerError) -> AskToBuyRequest {
        try await write { store in
            let request = try await self.askToBuyRequest(id: requestID, in: store)
            if request.status == .approved {
                throw LedgerError.askToBuyRequestAlreadyDecided(id: requestID, status: .approved)
            }
            try await store.decideAskToBuyRequest(id: requestID, account: self.account, status: .declined, at: date)
            return try await self.askToBuyRequest(id: requestID, in: store)
        }
    }

    /// Every Ask to Buy request of the account, oldest first.
    ///
    /// ```swift
    /// let pending = try await ledger.askToBuyRequests().filter { $0.status == .pending }
    /// ```
    public func askToBuyRequests() async throws(LedgerError) -> [AskToBuyRequest] {
        try await read { store in try await store.askToBuyRequests(account: self.account) }
    }

    /// Marks a pending request approved; a request already decided fails.
    func markApproved(requestID: Int64, at date: Date, in store: any LedgerStorageSession) async throws {
        let request = try await askToBuyRequest(id: requestID, in: store)
        guard request.status == .pending else {
            throw LedgerError.askToBuyRequestAlreadyDecided(id: requestID, status: request.status)
        }
        try await store.decideAskToBuyRequest(id: requestID, account: account, status: .approved, at: date)
    }

    /// The account's request `id`.
    private func askToBuyRequest(id: Int64, in store: any LedgerStorageSession) async throws -> AskToBuyRequest {
        guard let request = try await store.askToBuyRequest(id: id, account: account) else {
            throw LedgerError.askToBuyRequestNotFound(id: id)
        }
        return request
    }
}
