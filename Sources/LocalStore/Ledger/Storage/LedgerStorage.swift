import Foundation

/// Where a ledger keeps its rows: an engine (SQLite, PostgreSQL) that stores and returns
/// them and runs each write as one database transaction. The store's rules, signing and
/// verification stay in `Ledger`; an engine never signs, verifies or decides.
package protocol LedgerStorage: Sendable {
    /// Names the database in errors: a file path, or a URL without its password.
    var name: String { get }

    /// Runs `body` against a consistent view of the committed rows.
    func read<T: Sendable>(_ body: @escaping @Sendable (any LedgerStorageSession) async throws -> T) async throws -> T

    /// Runs `body` in one database transaction that commits entirely or not at all, and
    /// never at the same time as another write of `account` (in any process): a read
    /// followed by a write in `body` sees no one else's write in between.
    func write<T: Sendable>(
        account: CustomerAccount, _ body: @escaping @Sendable (any LedgerStorageSession) async throws -> T
    ) async throws -> T

    /// Yields soon after a write of `account` commits, in any process: a hint to look at the
    /// change marker now. Nil when the engine has no feed and watchers only look on their own.
    func changeFeed(account: CustomerAccount) -> AsyncStream<Void>?

    /// This engine's error as the ledger reports it; `LedgerError`s pass through unchanged.
    func ledgerError(_ error: any Error) -> LedgerError
}

/// The statements a ledger runs inside one `read` or `write`. Rows come back oldest first.
package protocol LedgerStorageSession: Sendable {
    func transactionRows(account: CustomerAccount, unfinishedOnly: Bool) async throws -> [TransactionRow]
    func transactionRow(account: CustomerAccount, id: Int64) async throws -> TransactionRow?
    /// In any account: attempt IDs are unique in the whole ledger.
    func transactionRow(attemptID: UUID) async throws -> TransactionRow?
    /// The account ID of transaction `id`, in any account, or nil when no account has it.
    func transactionAccountID(id: Int64) async throws -> String?
    /// Above every ID ever used, in any account, cleared or not: IDs are signed, so they are
    /// chosen before the row is written, and never reused.
    func nextTransactionID() async throws -> Int64
    func insertTransaction(_ row: TransactionRow) async throws
    /// Rewrites the signed columns and JWS of the existing row `transaction.id`.
    func resignTransaction(_ transaction: LedgerTransaction, jws: String) async throws
    /// False when the account has no such transaction.
    func finishTransaction(id: Int64, account: CustomerAccount) async throws -> Bool
    /// Deletes the account's transactions, Ask to Buy requests and refund requests.
    func deleteTransactionsAndRequests(account: CustomerAccount) async throws

    func askToBuyRequests(account: CustomerAccount) async throws -> [AskToBuyRequest]
    func askToBuyRequest(id: Int64, account: CustomerAccount) async throws -> AskToBuyRequest?
    /// In any account, like `transactionRow(attemptID:)`.
    func askToBuyRequest(attemptID: UUID) async throws -> AskToBuyRequest?
    /// Files a pending request.
    func insertAskToBuyRequest(
        attemptID: UUID, purchase: LedgerPurchase, createdAt: Date, account: CustomerAccount
    ) async throws -> AskToBuyRequest
    /// Decides a request that is still pending; a decided one stays as it was.
    func decideAskToBuyRequest(
        id: Int64, account: CustomerAccount, status: AskToBuyRequest.Status, at date: Date
    ) async throws

    func storeState(account: CustomerAccount, key: String) async throws -> StoreStateValue?
    func storeStates(account: CustomerAccount, keyPrefix: String) async throws -> [(key: String, value: StoreStateValue)]
    /// Sets the value of `key`, or deletes it when `value` is nil.
    func setStoreState(_ value: StoreStateValue?, account: CustomerAccount, key: String) async throws
    func deleteStoreStates(account: CustomerAccount, keyPrefix: String) async throws

    /// See `Ledger.changeMarker()`.
    func changeMarker(account: CustomerAccount) async throws -> Ledger.ChangeMarker

    // The notifications outbox (Ledger+Notifications), in every account.
    /// Inserts `notification` (its `id` is assigned) unless its key is already recorded.
    func insertNotification(_ notification: LedgerNotification) async throws
    func dueNotifications(at milliseconds: Int64, limit: Int) async throws -> [LedgerNotification]
    func recordNotificationAttempts(
        _ attempts: [NotificationAttempt], notificationID: Int64, signedPayload: String, nextAttemptAt: Int64?
    ) async throws
    func notifications(createdFrom start: Int64, to end: Int64) async throws -> [LedgerNotification]
    func accountIDs() async throws -> [String]
    /// Whether any transaction's JWS begins with one of `headerSegments` (a key's header).
    func keyUse(headerSegments: [String]) async throws -> LedgerKeyUse
    /// Records a signed offer's nonce as used (in every account); false when it was already.
    func recordOfferNonce(_ nonce: String, keyID: String, account: CustomerAccount, at milliseconds: Int64) async throws -> Bool
    /// The account's offers waiting for a renewal (`PendingOffer`), by chain.
    func pendingOffers(account: CustomerAccount) async throws -> [PendingOffer]
    /// Stores `offer` unless its chain has one already; false then.
    func insertPendingOffer(_ offer: PendingOffer, account: CustomerAccount) async throws -> Bool
    /// Removes the chain's pending offer, or every one of the account's when `originalID` is nil.
    func deletePendingOffers(account: CustomerAccount, originalID: Int64?) async throws

    // Family Sharing (Ledger+Family), in every account.
    /// Every account in a family, with its organizer, oldest membership first.
    func familyMemberships() async throws -> [FamilyMembership]
    /// Puts `account` in `organizer`'s family under a new membership ID (unless it is in one),
    /// or takes it out of its family (nil).
    func setFamilyMembership(organizer: CustomerAccount?, account: CustomerAccount, at milliseconds: Int64) async throws
    /// Tells `account`'s watchers that this write changed its rows, as a write of its own
    /// would (PostgreSQL's change feed; SQLite's watchers see it in the change marker).
    func announceChange(of account: CustomerAccount) async throws
    /// The refund request of the account's transaction `transactionID`, or nil.
    func refundRequest(transactionID: Int64, account: CustomerAccount) async throws -> RefundRequest?
    /// Inserts `request`, or replaces the one of its transaction.
    func saveRefundRequest(_ request: RefundRequest) async throws
    /// The IDs of the account's transactions with a refund request not decided yet.
    func refundRequestedTransactionIDs(account: CustomerAccount) async throws -> Set<Int64>

    // Renewal-date extensions (Ledger+RenewalExtensions), in every account.
    /// The chain's extensions, oldest first.
    func renewalExtensions(originalTransactionID: Int64) async throws -> [RenewalExtension]
    func insertRenewalExtension(_ record: RenewalExtension, account: CustomerAccount) async throws
    func massRenewalExtension(requestIdentifier: String) async throws -> MassRenewalExtension?
    /// Files a mass extension; false when its request identifier was filed already.
    func insertMassRenewalExtension(_ request: MassRenewalExtension) async throws -> Bool
    /// Records the outcome (`completedAt` and the counts) of a request still running.
    func completeMassRenewalExtension(_ request: MassRenewalExtension) async throws

    // Price changes (Ledger+PriceChanges).
    func priceIncreases(account: CustomerAccount) async throws -> [PriceIncrease]
    /// Inserts or replaces the increase of its chain.
    func savePriceIncrease(_ increase: PriceIncrease, account: CustomerAccount) async throws
    func deletePriceIncreases(account: CustomerAccount) async throws
    /// In every account: a product off sale is off sale for every customer.
    func productsRemovedFromSale() async throws -> Set<String>
    /// Removes `productID` from sale at `milliseconds`, or with nil puts it back.
    func setRemovedFromSale(_ productID: String, at milliseconds: Int64?) async throws
}

/// What a key set signed of a ledger's rows, every account's.
package enum LedgerKeyUse: Sendable, Equatable {
    /// The ledger holds no transaction.
    case noRows
    /// At least one row is signed by one of the keys.
    case signsSome
    /// `rows` rows, none signed by any of the keys.
    case signsNone(rows: Int)
}
