import Foundation

extension Ledger {
    /// The customer asks for a refund of transaction `id` for `reason` (StoreKit's
    /// `beginRefundRequest`), which is not granted yet: the app's server is sent
    /// CONSUMPTION_REQUEST carrying the reason, may answer with consumption information
    /// (`recordConsumption`), and `decideRefund` settles it. Asking again while it is pending
    /// returns it unchanged; a transaction gets one request.
    ///
    /// ```swift
    /// let asked = try await ledger.requestRefund(id: entry.id, reason: .unintendedPurchase, at: Date())
    /// ```
    @discardableResult
    public func requestRefund(
        id: Int64, reason: RefundRequest.Reason = .other, at date: Date = Date()
    ) async throws(LedgerError) -> RefundRequest {
        try await askForRefund(id: id, reason: reason, at: date).request
    }

    /// `requestRefund`, saying whether the request is new: false when the customer had
    /// asked already (the app's refund sheet calls that a duplicate), decided within the
    /// same write, so two sessions asking at once get one new request between them.
    func askForRefund(
        id: Int64, reason: RefundRequest.Reason, at date: Date
    ) async throws(LedgerError) -> (request: RefundRequest, isNew: Bool) {
        try await write { store in
            guard let row = try await store.transactionRow(account: self.account, id: id) else {
                throw LedgerError.transactionNotFound(id: id)
            }
            try self.requireVerified(row)
            if let asked = try await store.refundRequest(transactionID: id, account: self.account) {
                guard asked.status == .pending else { throw LedgerError.refundNotPossible(id: id, reason: "already had its refund request \(asked.status.rawValue)") }
                return (asked, false)
            }
            guard row.transaction.revocationDate == nil else {
                throw LedgerError.refundNotPossible(id: id, reason: "is already refunded or revoked")
            }
            let request = RefundRequest(
                transactionID: id, account: self.account, reason: reason, status: .pending,
                requestedAt: date.millisecondPrecision, consumption: nil, decidedAt: nil
            )
            try await store.saveRefundRequest(request)
            try await self.enqueue(NotificationKind("CONSUMPTION_REQUEST"), key: "refund-request.\(id)", about: row.transaction, in: store)
            return (request, true)
        }
    }

    /// The IDs of the transactions whose refund the customer asked for and the App Store has
    /// not decided yet (a decided one shows as what came of it, or as nothing when declined).
    ///
    /// ```swift
    /// let asked = try await ledger.refundRequestedIDs()   // [7]
    /// ```
    public func refundRequestedIDs() async throws(LedgerError) -> Set<Int64> {
        try await read { store in try await store.refundRequestedTransactionIDs(account: self.account) }
    }

    /// The refund request of transaction `id`, or nil when the customer asked for none.
    ///
    /// ```swift
    /// if let request = try await ledger.refundRequest(id: 7) { print(request.status) }
    /// ```
    public func refundRequest(id: Int64) async throws(LedgerError) -> RefundRequest? {
        try await read { store in try await store.refundRequest(transactionID: id, account: self.account) }
    }

    /// Keeps the app's answer (Send Consumption Information) with the pending request of
    /// transaction `id`, replacing an earlier one; returns the request, or nil when none is
    /// pending (Apple accepts the answer all the same, and it changes nothing).
    ///
    /// ```swift
    /// try await ledger.recordConsumption(.init(customerConsented: true, sampleContentProvided: false,
    ///                                          deliveryStatus: "DELIVERED", refundPreference: "DECLINE"), id: 7)
    /// ```
    @discardableResult
    public func recordConsumption(_ consumption: RefundRequest.Consumption, id: Int64) async throws(LedgerError) -> RefundRequest? {
        try await write { store in
            guard var request = try await store.refundRequest(transactionID: id, account: self.account),
                  request.status == .pending
            else { return nil }
            request.consumption = consumption
            try await store.saveRefundRequest(request)
            return request
        }
    }
}
