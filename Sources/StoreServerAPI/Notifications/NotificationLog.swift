import Foundation
import LocalStore

/// The test notifications the server sent, with each attempt to deliver it, and the
/// consumption reports apps sent: what Get Test Notification Status reads, and Get
/// Notification History beside the ledger's outbox. It lives as long as the server process.
///
/// ```swift
/// let token = await log.send(payload, signed: jws, transactionID: nil, now: Date())
/// let record = await log.record(token: token)
/// ```
actor NotificationLog {
    struct Attempt: Sendable {
        let date: Int64
        let result: SendAttemptResult
    }

    struct Record: Sendable {
        let sequence: Int64
        let type: String
        let subtype: String?
        let transactionID: Int64?
        let signedDate: Int64
        let signedPayload: String
        var attempts: [Attempt]
        /// An outbox notification not sent yet: signed only when history shows it.
        var unsent: LedgerNotification?
    }

    /// Test notifications are numbered after any outbox ID, so history's order has no ties.
    static let firstSequence: Int64 = 1 << 48

    private let delivery: any NotificationDelivery
    let urls: [URL]
    /// The waits, in seconds, before each retry of a URL that did not answer 200: Apple's
    /// schedule for every notification, a test one included, scaled by the time rate.
    let retryDelays: [TimeInterval]
    private(set) var records: [Record] = []
    private var testTokens: [String: Int] = [:]

    init(delivery: any NotificationDelivery, urls: [URL], retryDelays: [TimeInterval] = []) {
        self.delivery = delivery
        self.urls = urls
        self.retryDelays = retryDelays
    }

    /// Records `payload` and starts delivering it to every URL, again on the retry
    /// schedule until it answers 200; returns its test token.
    func send(_ payload: NotificationPayload, signed: String, transactionID: Int64?, now: @escaping @Sendable () -> Date) -> String {
        let index = records.count
        records.append(Record(
            sequence: Self.firstSequence + Int64(index), type: payload.notificationType, subtype: payload.subtype,
            transactionID: transactionID, signedDate: payload.signedDate, signedPayload: signed, attempts: [], unsent: nil
        ))
        let token = payload.notificationUUID + "_" + String(payload.signedDate)
        testTokens[token] = index
        let body = APIJSON.encode(["signedPayload": signed])
        for url in urls {
            Task { [delivery, retryDelays] in
                for delay in [0] + retryDelays {
                    if delay > 0 { try? await Task.sleep(for: .seconds(delay)) }
                    let result = await delivery.post(body, to: url)
                    self.attempted(index, Attempt(date: now().milliseconds, result: result))
                    if result == .success { return }
                }
            }
        }
        return token
    }

    private func attempted(_ index: Int, _ attempt: Attempt) {
        records[index].attempts.append(attempt)
    }

    func record(token: String) -> Record? {
        testTokens[token].map { records[$0] }
    }
}
