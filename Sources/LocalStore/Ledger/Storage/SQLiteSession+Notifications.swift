import Foundation
import GRDB

/// The notifications outbox's table in SQLite: one row per notification, one per attempt.
enum NotificationOutboxSchema {
    static func sqlite(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE notificationOutbox (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                account TEXT NOT NULL,
                key TEXT NOT NULL UNIQUE,
                notificationUUID TEXT NOT NULL,
                notificationType TEXT NOT NULL,
                subtype TEXT,
                transactionID INTEGER NOT NULL,
                originalTransactionID INTEGER NOT NULL,
                createdAt INTEGER NOT NULL,
                attemptCount INTEGER NOT NULL DEFAULT 0,
                nextAttemptAt INTEGER,
                signedPayload TEXT
            ) STRICT;
            CREATE INDEX notificationOutbox_due ON notificationOutbox(nextAttemptAt) WHERE nextAttemptAt IS NOT NULL;
            CREATE INDEX notificationOutbox_chain ON notificationOutbox(account, originalTransactionID, id)
                WHERE nextAttemptAt IS NOT NULL;
            CREATE INDEX notificationOutbox_created ON notificationOutbox(createdAt);
            CREATE TABLE notificationAttempts (
                notificationID INTEGER NOT NULL REFERENCES notificationOutbox(id),
                url TEXT NOT NULL,
                attemptDate INTEGER NOT NULL,
                result TEXT NOT NULL
            ) STRICT;
            CREATE INDEX notificationAttempts_notification ON notificationAttempts(notificationID);
            """)
    }
}

extension SQLiteSession {
    func insertNotification(_ notification: LedgerNotification) async throws {
        try channel.perform { db in
            try db.cachedStatement(sql: """
                INSERT INTO notificationOutbox (account, key, notificationUUID, notificationType, subtype, transactionID,
                    originalTransactionID, createdAt, attemptCount, nextAttemptAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING
                """).execute(arguments: [
                notification.accountID, notification.key, notification.notificationUUID.uuidString.lowercased(),
                notification.notificationType, notification.subtype, notification.transactionID,
                notification.originalTransactionID, notification.createdAt, notification.attemptCount, notification.nextAttemptAt,
            ])
        }
    }

    func dueNotifications(at milliseconds: Int64, limit: Int) async throws -> [LedgerNotification] {
        try notifications(where: """
            n.nextAttemptAt IS NOT NULL AND n.nextAttemptAt <= ?1 AND NOT EXISTS (
                SELECT 1 FROM notificationOutbox e WHERE e.nextAttemptAt IS NOT NULL AND e.account = n.account
                    AND e.originalTransactionID = n.originalTransactionID AND e.id < n.id)
                AND \(MassRenewalExtension.summaryAfterOutcomesSQL)
            ORDER BY n.id LIMIT ?2
            """, [milliseconds, limit])
    }

    func recordNotificationAttempts(
        _ attempts: [NotificationAttempt], notificationID: Int64, signedPayload: String, nextAttemptAt: Int64?
    ) async throws {
        try channel.perform { db in
            for attempt in attempts {
                try db.cachedStatement(sql: "INSERT INTO notificationAttempts (notificationID, url, attemptDate, result) VALUES (?, ?, ?, ?)")
                    .execute(arguments: [notificationID, attempt.url, attempt.date, attempt.result])
            }
            try db.execute(sql: """
                UPDATE notificationOutbox SET attemptCount = attemptCount + 1, nextAttemptAt = ?,
                    signedPayload = COALESCE(signedPayload, ?) WHERE id = ?
                """, arguments: [nextAttemptAt, signedPayload, notificationID])
        }
    }

    func notifications(createdFrom start: Int64, to end: Int64) async throws -> [LedgerNotification] {
        try notifications(where: "n.createdAt >= ?1 AND n.createdAt < ?2 ORDER BY n.id", [start, end])
    }

    func accountIDs() async throws -> [String] {
        try channel.perform { db in try String.fetchAll(db, sql: "SELECT DISTINCT account FROM transactions ORDER BY account") }
    }

    func keyUse(headerSegments: [String]) async throws -> LedgerKeyUse {
        try channel.perform { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM transactions)") == true else { return .noRows }
            for segment in headerSegments {
                let prefix = segment + "."
                // Rows in rowid order: the oldest, signed by the set's oldest key, answers at once.
                let signed = try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM transactions WHERE substr(jws, 1, ?) = ?)", arguments: [prefix.utf8.count, prefix]
                )
                if signed == true { return .signsSome }
            }
            return .signsNone(rows: try Int.fetchOne(db, sql: "SELECT count(*) FROM transactions") ?? 0)
        }
    }

    private func notifications(where condition: String, _ arguments: StatementArguments) throws -> [LedgerNotification] {
        try channel.perform { db in
            var notifications = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM notificationOutbox n WHERE \(condition)"), arguments: arguments)
                .map { try LedgerNotification(columns: $0) }
            guard !notifications.isEmpty else { return [] }
            // The attempts of these notifications only (integers, written into the statement):
            // an old one still retrying beside a new one would otherwise bring in every
            // attempt of every notification between them.
            let ids = notifications.map { String($0.id) }.joined(separator: ",")
            let attempts = try Row.fetchAll(db, sql: """
                SELECT notificationID, url, attemptDate, result FROM notificationAttempts
                WHERE notificationID IN (\(ids)) ORDER BY rowid
                """)
            let byID = Dictionary(grouping: attempts.map {
                NotificationAttempt(notificationID: $0[0], url: $0[1], date: $0[2], result: $0[3])
            }, by: \.notificationID)
            for index in notifications.indices { notifications[index].attempts = byID[notifications[index].id] ?? [] }
            return notifications
        }
    }
}

extension LedgerNotification {
    /// A stored row, read by either engine.
    package init(columns row: some LedgerColumns) throws {
        let id = try row.int64("id") ?? 0
        func required<Value>(_ value: Value?, _ column: String) throws -> Value {
            try row.required(value, table: "notificationOutbox", id: id, column: column)
        }
        guard let uuid = UUID(uuidString: try required(row.string("notificationUUID"), "notificationUUID")) else {
            throw CorruptRow(table: "notificationOutbox", id: id, column: "notificationUUID")
        }
        self.init(
            id: id, accountID: try required(row.string("account"), "account"), key: try required(row.string("key"), "key"),
            notificationUUID: uuid, notificationType: try required(row.string("notificationType"), "notificationType"),
            subtype: try row.string("subtype"), transactionID: try required(row.int64("transactionID"), "transactionID"),
            originalTransactionID: try required(row.int64("originalTransactionID"), "originalTransactionID"),
            createdAt: try required(row.int64("createdAt"), "createdAt"),
            attemptCount: Int(try required(row.int64("attemptCount"), "attemptCount")),
            nextAttemptAt: try row.int64("nextAttemptAt"), signedPayload: try row.string("signedPayload")
        )
    }
}
