import Foundation
import LocalStore
import PostgresNIO

extension PostgresSchema {
    /// The notifications outbox, as SQLite's `v3-notifications` has it.
    static let notificationOutbox = """
        CREATE TABLE notificationOutbox (
            id BIGSERIAL PRIMARY KEY,
            account TEXT NOT NULL,
            key TEXT NOT NULL UNIQUE,
            notificationUUID TEXT NOT NULL,
            notificationType TEXT NOT NULL,
            subtype TEXT,
            transactionID BIGINT NOT NULL,
            originalTransactionID BIGINT NOT NULL,
            createdAt BIGINT NOT NULL,
            attemptCount BIGINT NOT NULL DEFAULT 0,
            nextAttemptAt BIGINT,
            signedPayload TEXT
        );
        CREATE INDEX notificationOutbox_due ON notificationOutbox (nextAttemptAt) WHERE nextAttemptAt IS NOT NULL;
        CREATE INDEX notificationOutbox_chain ON notificationOutbox (account, originalTransactionID, id) WHERE nextAttemptAt IS NOT NULL;
        CREATE INDEX notificationOutbox_created ON notificationOutbox (createdAt);
        CREATE TABLE notificationAttempts (
            id BIGSERIAL PRIMARY KEY,
            notificationID BIGINT NOT NULL REFERENCES notificationOutbox (id),
            url TEXT NOT NULL,
            attemptDate BIGINT NOT NULL,
            result TEXT NOT NULL
        );
        CREATE INDEX notificationAttempts_notification ON notificationAttempts (notificationID);
        """
}

extension PostgresSession {
    func insertNotification(_ notification: LedgerNotification) async throws {
        let uuid = notification.notificationUUID.uuidString.lowercased()
        try await run("""
            INSERT INTO notificationOutbox (account, key, notificationUUID, notificationType, subtype, transactionID,
                originalTransactionID, createdAt, attemptCount, nextAttemptAt)
            VALUES (\(notification.accountID), \(notification.key), \(uuid), \(notification.notificationType),
                \(notification.subtype), \(notification.transactionID), \(notification.originalTransactionID),
                \(notification.createdAt), \(Int64(notification.attemptCount)), \(notification.nextAttemptAt))
            ON CONFLICT (key) DO NOTHING
            """)
    }

    func dueNotifications(at milliseconds: Int64, limit: Int) async throws -> [LedgerNotification] {
        try await notifications("""
            SELECT * FROM notificationOutbox n
            WHERE n.nextAttemptAt IS NOT NULL AND n.nextAttemptAt <= \(milliseconds) AND NOT EXISTS (
                SELECT 1 FROM notificationOutbox e WHERE e.nextAttemptAt IS NOT NULL AND e.account = n.account
                    AND e.originalTransactionID = n.originalTransactionID AND e.id < n.id)
                AND \(unescaped: MassRenewalExtension.summaryAfterOutcomesSQL)
            ORDER BY n.id LIMIT \(Int64(limit))
            """)
    }

    func recordNotificationAttempts(
        _ attempts: [NotificationAttempt], notificationID: Int64, signedPayload: String, nextAttemptAt: Int64?
    ) async throws {
        for attempt in attempts {
            try await run("""
                INSERT INTO notificationAttempts (notificationID, url, attemptDate, result)
                VALUES (\(notificationID), \(attempt.url), \(attempt.date), \(attempt.result))
                """)
        }
        try await run("""
            UPDATE notificationOutbox SET attemptCount = attemptCount + 1, nextAttemptAt = \(nextAttemptAt),
                signedPayload = COALESCE(signedPayload, \(signedPayload)) WHERE id = \(notificationID)
            """)
    }

    func notifications(createdFrom start: Int64, to end: Int64) async throws -> [LedgerNotification] {
        try await notifications("SELECT * FROM notificationOutbox n WHERE n.createdAt >= \(start) AND n.createdAt < \(end) ORDER BY n.id")
    }

    func accountIDs() async throws -> [String] {
        try await run("SELECT DISTINCT account FROM transactions ORDER BY account").map { try $0.decode(String.self) }
    }

    func keyUse(headerSegments: [String]) async throws -> LedgerKeyUse {
        let any = try await run("SELECT EXISTS (SELECT 1 FROM transactions)").first?.decode(Bool.self) ?? false
        guard any else { return .noRows }
        let prefixes = headerSegments.map { $0 + "." }
        let signed = try await run("SELECT EXISTS (SELECT 1 FROM transactions WHERE jws ^@ ANY(\(prefixes)))")
            .first?.decode(Bool.self) ?? false
        if signed { return .signsSome }
        return .signsNone(rows: try await run("SELECT count(*) FROM transactions").first?.decode(Int.self) ?? 0)
    }

    private func notifications(_ query: PostgresQuery) async throws -> [LedgerNotification] {
        var notifications = try await run(query).map { try LedgerNotification(columns: PostgresColumns($0)) }
        guard !notifications.isEmpty else { return [] }
        // The attempts of these notifications only: an old one still retrying beside a new one
        // would otherwise bring in every attempt of every notification between them.
        let attempts = try await run("""
            SELECT notificationID, url, attemptDate, result FROM notificationAttempts
            WHERE notificationID = ANY(\(notifications.map(\.id))) ORDER BY id
            """).map { row in
            let (id, url, date, result) = try row.decode((Int64, String, Int64, String).self)
            return NotificationAttempt(notificationID: id, url: url, date: date, result: result)
        }
        let byID = Dictionary(grouping: attempts, by: \.notificationID)
        for index in notifications.indices { notifications[index].attempts = byID[notifications[index].id] ?? [] }
        return notifications
    }
}
