import Foundation
import GRDB

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
        return try await write { db in
            if let filed = try AskToBuyRequest.fetchOne(db, where: "purchaseAttemptID = ?", [attemptID.uuidString]) {
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
            try db.execute(
                sql: """
                    INSERT INTO askToBuyRequests (purchaseAttemptID, status, createdAt, purchase, account)
                    VALUES (?, 'pending', ?, ?, ?)
                    """,
                arguments: [
                    attemptID.uuidString, date.ledgerMilliseconds, try AskToBuyRequest.encode(purchase), self.account.id,
                ]
            )
            return try AskToBuyRequest.fetchOne(db, where: "id = ?", [db.lastInsertedRowID])!
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
        let row = try await write { db in
            let request = try self.askToBuyRequest(id: requestID, in: db)
            if request.status == .approved, let recorded = try TransactionRow.fetchOne(db, attemptID: request.purchaseAttemptID) {
                return recorded
            }
            // An approved request without a transaction of its own (a subscription approval
            // that changed only the renewal) fails here rather than buy the plan as filed.
            try self.markApproved(requestID: requestID, at: date, in: db)
            var purchase = request.purchase
            let delay = date.timeIntervalSince(purchase.purchaseDate)
            purchase.purchaseDate = date
            purchase.expirationDate = purchase.expirationDate?.addingTimeInterval(delay)
            return try self.insert(purchase, attemptID: request.purchaseAttemptID, original: nil, in: db)
        }
        return entry(row)
    }

    /// Declines a request; declining twice is harmless, declining an approved one fails.
    ///
    /// ```swift
    /// let declined = try await ledger.declineAskToBuy(requestID: request.id, at: Date())
    /// ```
    public func declineAskToBuy(requestID: Int64, at date: Date) async throws(LedgerError) -> AskToBuyRequest {
        try await write { db in
            let request = try self.askToBuyRequest(id: requestID, in: db)
            if request.status == .approved {
                throw LedgerError.askToBuyRequestAlreadyDecided(id: requestID, status: .approved)
            }
            try db.execute(
                sql: """
                    UPDATE askToBuyRequests SET status = 'declined', decidedAt = ?
                    WHERE id = ? AND account = ? AND status = 'pending'
                    """,
                arguments: [date.ledgerMilliseconds, requestID, self.account.id]
            )
            return try self.askToBuyRequest(id: requestID, in: db)
        }
    }

    /// Every Ask to Buy request of the account, oldest first.
    ///
    /// ```swift
    /// let pending = try await ledger.askToBuyRequests().filter { $0.status == .pending }
    /// ```
    public func askToBuyRequests() async throws(LedgerError) -> [AskToBuyRequest] {
        try await read { db in try AskToBuyRequest.fetchAll(db, where: "account = ?", [self.account.id]) }
    }

    /// Marks a pending request approved; a request already decided fails.
    func markApproved(requestID: Int64, at date: Date, in db: Database) throws {
        let request = try askToBuyRequest(id: requestID, in: db)
        guard request.status == .pending else {
            throw LedgerError.askToBuyRequestAlreadyDecided(id: requestID, status: request.status)
        }
        try db.execute(
            sql: "UPDATE askToBuyRequests SET status = 'approved', decidedAt = ? WHERE id = ? AND account = ?",
            arguments: [date.ledgerMilliseconds, requestID, account.id]
        )
    }

    /// The account's request `id`.
    private func askToBuyRequest(id: Int64, in db: Database) throws -> AskToBuyRequest {
        guard let request = try AskToBuyRequest.fetchOne(db, where: "id = ? AND account = ?", [id, account.id]) else {
            throw LedgerError.askToBuyRequestNotFound(id: id)
        }
        return request
    }
}
