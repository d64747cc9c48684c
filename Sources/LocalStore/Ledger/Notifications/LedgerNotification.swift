import Foundation

/// A notification the ledger owes the app's server (App Store Server Notifications V2), kept
/// in the outbox: written in the same database transaction as the change it tells of, so a
/// change and its notification are both recorded or neither is.
///
/// ```swift
/// for notification in try await ledger.dueNotifications(at: Date(), limit: 20) {
///     print(notification.notificationType, notification.subtype ?? "", notification.transactionID)
/// }
/// ```
public struct LedgerNotification: Sendable, Hashable {
    /// The outbox's sequence: the order notifications were recorded in.
    public package(set) var id: Int64
    public package(set) var accountID: String
    /// What happened, once: a second notification with the same key is never recorded, so a
    /// change found again (a lapse seen by two processes) is told once.
    public package(set) var key: String
    /// Apple's `notificationUUID`, the same on every attempt, so a receiver can drop a repeat.
    public package(set) var notificationUUID: UUID
    public package(set) var notificationType: String
    public package(set) var subtype: String?
    /// The transaction the notification carries.
    public package(set) var transactionID: Int64
    /// Notifications of one original transaction are delivered in the order recorded.
    public package(set) var originalTransactionID: Int64
    /// When it was recorded (store clock), milliseconds: the notification's `signedDate`.
    public package(set) var createdAt: Int64
    /// Delivery rounds made so far.
    public package(set) var attemptCount: Int
    /// When the next round is due (wall clock, milliseconds); nil once every URL took it or
    /// the retries ran out.
    public package(set) var nextAttemptAt: Int64?
    /// The payload as first sent, so history shows what was sent; nil before the first attempt.
    public package(set) var signedPayload: String?
    /// Every attempt, oldest first (filled by `notificationHistory` and `dueNotifications`).
    public package(set) var attempts: [NotificationAttempt]

    package init(
        id: Int64, accountID: String, key: String, notificationUUID: UUID, notificationType: String, subtype: String?,
        transactionID: Int64, originalTransactionID: Int64, createdAt: Int64, attemptCount: Int, nextAttemptAt: Int64?,
        signedPayload: String?, attempts: [NotificationAttempt] = []
    ) {
        self.id = id
        self.accountID = accountID
        self.key = key
        self.notificationUUID = notificationUUID
        self.notificationType = notificationType
        self.subtype = subtype
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.createdAt = createdAt
        self.attemptCount = attemptCount
        self.nextAttemptAt = nextAttemptAt
        self.signedPayload = signedPayload
        self.attempts = attempts
    }

    /// The customer it is about.
    public var account: CustomerAccount { CustomerAccount(checked: accountID) }
}

/// One POST of a notification to one URL and how it went (Apple's `sendAttemptResult`).
///
/// ```swift
/// let attempt = NotificationAttempt(notificationID: 7, url: "https://example.com/hook", date: 0, result: "SUCCESS")
/// ```
public struct NotificationAttempt: Sendable, Hashable {
    public var notificationID: Int64
    public var url: String
    /// Store clock, milliseconds: Apple's `attemptDate`.
    public var date: Int64
    public var result: String

    public init(notificationID: Int64, url: String, date: Int64, result: String) {
        self.notificationID = notificationID
        self.url = url
        self.date = date
        self.result = result
    }

    public var succeeded: Bool { result == "SUCCESS" }
}
