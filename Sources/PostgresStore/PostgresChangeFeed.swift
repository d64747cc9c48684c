import LocalStore
import PostgresNIO

/// The change feed on PostgreSQL: every write numbers itself from one sequence, keeps the
/// number as its account's latest and notifies `storefront_changes` with "number account",
/// delivered when it commits. A listener holds a connection of its own; after losing it, it
/// listens again and compares the account's latest number with the last it saw, since
/// NOTIFY replays nothing.
enum PostgresChangeFeed {
    static let channel = "storefront_changes"

    /// Inside a write's transaction, after its statements.
    static func announce(account: CustomerAccount, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.rows("""
            WITH changed AS (
                INSERT INTO changes (account, number) VALUES (\(account.id), nextval('change_numbers'))
                ON CONFLICT (account) DO UPDATE SET number = excluded.number
                RETURNING number, account
            )
            SELECT pg_notify('storefront_changes', number || ' ' || account) FROM changed
            """, logger: logger)
    }

    /// Yields once per change of `account` heard (or found missed); ends when its consumer stops.
    static func changes(of account: CustomerAccount, at settings: PostgresConnectionSettings, logger: Logger) -> AsyncStream<Void> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let listening = Task {
                var lastSeen: Int64?
                while !Task.isCancelled {
                    do {
                        try await listen(for: account, at: settings, logger: logger, lastSeen: &lastSeen) {
                            continuation.yield()
                        }
                    } catch {
                        // The connection went away: listen again shortly.
                    }
                    try? await Task.sleep(for: .seconds(1))
                }
            }
            continuation.onTermination = { _ in listening.cancel() }
        }
    }

    private static func listen(
        for account: CustomerAccount, at settings: PostgresConnectionSettings, logger: Logger, lastSeen: inout Int64?,
        heard: () -> Void
    ) async throws {
        // The host that takes writes, found again each time: NOTIFY is heard on the primary only.
        let (connection, _) = try await settings.connect(id: 1, logger: logger)
        do {
            try await connection.listen(on: channel) { notifications in
                // Listening first, then reading: a change in between is both heard and read. The
                // first connection always tells of one, as changes before it are unknown (an
                // extra look finds the marker as it was).
                let latest = try await connection.rows(
                    "SELECT number FROM changes WHERE account = \(account.id)", logger: logger
                ).first?.decode(Int64.self) ?? 0
                if latest != lastSeen { heard() }
                lastSeen = latest
                for try await notification in notifications {
                    let parts = notification.payload.split(separator: " ", maxSplits: 1)
                    guard parts.count == 2, parts[1] == account.id, let number = Int64(parts[0]) else { continue }
                    lastSeen = number
                    heard()
                }
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }
}
