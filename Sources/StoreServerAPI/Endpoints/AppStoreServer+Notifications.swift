import Foundation
import LocalStore

/// Request a Test Notification, Get Test Notification Status and Get Notification History.
extension AppStoreServer {
    struct SendTestNotificationResponse: Encodable {
        let testNotificationToken: String
    }

    struct SendAttemptItem: Encodable {
        let attemptDate: Int64
        let sendAttemptResult: String
    }

    struct CheckTestNotificationResponse: Encodable {
        let signedPayload: String
        let sendAttempts: [SendAttemptItem]
    }

    struct NotificationHistoryRequest: Decodable {
        let startDate: Int64?
        let endDate: Int64?
        let notificationType: String?
        let notificationSubtype: String?
        let transactionId: String?
        let onlyFailures: Bool?
    }

    struct NotificationHistoryItem: Encodable {
        let signedPayload: String
        let sendAttempts: [SendAttemptItem]
    }

    struct NotificationHistoryResponse: Encodable {
        let paginationToken: String
        let hasMore: Bool
        let notificationHistory: [NotificationHistoryItem]
    }

    /// How far back notification history reaches (Apple's 180 days).
    static let historyReach: TimeInterval = 180 * 86_400

    /// `POST /inApps/v1/notifications/test`: signs a TEST notification and sends it to every
    /// `--notify` URL; 404 (4040007) when there is none.
    func requestTestNotification() async throws(APIError) -> APIResponse {
        guard !notifications.urls.isEmpty else { throw .notificationURLNotFound }
        let payload = NotificationPayload(type: "TEST", subtype: nil, app: settings.app, signedDate: settings.clock.now)
        let token = await notifications.send(payload, signed: try sign(payload), transactionID: nil, now: { [clock = settings.clock] in clock.now })
        return .ok(SendTestNotificationResponse(testNotificationToken: token))
    }

    /// `GET /inApps/v1/notifications/test/{token}`: the test notification and its attempts so far.
    func testNotificationStatus(_ token: String) async throws(APIError) -> APIResponse {
        let parts = token.split(separator: "_")
        guard parts.count == 2, UUID(uuidString: String(parts[0])) != nil, Int64(parts[1]) != nil else {
            throw .invalidTestNotificationToken
        }
        guard let record = await notifications.record(token: token) else { throw .testNotificationNotFound }
        return .ok(CheckTestNotificationResponse(signedPayload: record.signedPayload, sendAttempts: Self.attempts(record)))
    }

    /// `POST /inApps/v1/notifications/history?paginationToken=…`: the notifications signed
    /// between startDate and endDate, 20 a page, filtered by type and subtype or by transaction.
    func notificationHistory(_ request: APIRequest) async throws(APIError) -> APIResponse {
        let query = try APIJSON.decode(NotificationHistoryRequest.self, from: request.body)
        guard let start = query.startDate, start >= 0 else { throw .invalidStartDate }
        guard let end = query.endDate, end >= 0 else { throw .invalidEndDate }
        guard start < end else { throw .startDateAfterEndDate }
        guard Double(start) >= (settings.clock.now.timeIntervalSince1970 - Self.historyReach) * 1000 else {
            throw .startDateTooFarInPast
        }
        guard query.transactionId == nil || (query.notificationType == nil && query.notificationSubtype == nil) else {
            throw .multipleFiltersSupplied
        }
        if let type = query.notificationType, !NotificationPayload.types.contains(type) { throw .invalidNotificationType }
        if let subtype = query.notificationSubtype, !NotificationPayload.subtypes.contains(subtype) {
            throw .invalidNotificationType
        }
        var transactionIDs: Set<Int64>?
        if let text = query.transactionId {
            // A transaction names its customer's whole history, as Apple's filter does.
            let customer = try await customer(ofTransaction: text)
            transactionIDs = Set(customer.transactions.map(\.id))
        }
        let token = try request.value("paginationToken", or: .invalidPaginationToken)
        let wanted = try await historyRecords(from: start, to: end).filter { record in
            (start..<end).contains(record.signedDate)
                && (query.notificationType.map { $0 == record.type } ?? true)
                && (query.notificationSubtype.map { $0 == record.subtype } ?? true)
                && (transactionIDs.map { ids in record.transactionID.map(ids.contains) ?? false } ?? true)
                && (query.onlyFailures != true || record.attempts.contains { $0.result != .success })
        }
        let page: Page<NotificationLog.Record>
        do {
            page = try Page.of(wanted, key: { ($0.signedDate, $0.sequence) }, after: token, descending: false)
        } catch {
            throw .invalidPaginationToken
        }
        var items: [NotificationHistoryItem] = []
        for record in page.items {
            // An outbox notification not sent yet is signed here, for the page alone.
            let signed = if let unsent = record.unsent { try await signedNotification(unsent) } else { record.signedPayload }
            items.append(NotificationHistoryItem(signedPayload: signed, sendAttempts: Self.attempts(record)))
        }
        return .ok(NotificationHistoryResponse(paginationToken: page.revision, hasMore: page.hasMore, notificationHistory: items))
    }

    /// The test notifications and the ledger's, signed from `start` up to `end`.
    private func historyRecords(from start: Int64, to end: Int64) async throws(APIError) -> [NotificationLog.Record] {
        let outbox: [LedgerNotification]
        do {
            outbox = try await settings.ledger.notificationHistory(from: start, to: end)
        } catch {
            throw .generalInternalRetryable
        }
        var records = await notifications.records
        for notification in outbox {
            records.append(NotificationLog.Record(
                sequence: notification.id, type: notification.notificationType, subtype: notification.subtype,
                transactionID: notification.transactionID, signedDate: notification.createdAt,
                signedPayload: notification.signedPayload ?? "",
                attempts: notification.attempts.map { attempt in
                    NotificationLog.Attempt(date: attempt.date, result: SendAttemptResult(rawValue: attempt.result) ?? .other)
                },
                unsent: notification.signedPayload == nil ? notification : nil
            ))
        }
        return records
    }

    static func attempts(_ record: NotificationLog.Record) -> [SendAttemptItem] {
        record.attempts.map { SendAttemptItem(attemptDate: $0.date, sendAttemptResult: $0.result.rawValue) }
    }
}
