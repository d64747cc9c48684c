import PostgresNIO

/// Every statement and transaction of the store goes through these two, never through
/// postgres-nio's row sequences or `withTransaction`, for two faults of postgres-nio 1.33
/// that a server restart under load brings out:
///
/// - A statement written after the server closed the connection is never answered: the
///   library writes it to the channel with no promise, the closed channel drops it, and the
///   caller waits forever (buyers hung after `pg_ctl restart -m fast`, holding their pool
///   lease, so the ledger's 30 s retry loop never got back control). Here a statement is
///   written on the connection's event loop only while the channel is open; the channel
///   handler then fails it itself if the connection goes away.
/// - A row sequence pauses reading until its consumer asks for more; a server that closes
///   the connection meanwhile still delivers reads, which the library answers with an
///   assertion (RowStreamStateMachine.swift:94). Collected here, on the event loop, demand
///   follows each read at once, so reading never pauses; the store's statements also return
///   few rows (one account's, single rows, aggregates).
extension PostgresConnection {
    /// Runs one statement and returns all its rows.
    ///
    /// ```swift
    /// let rows = try await connection.rows("SELECT 1", logger: logger)
    /// ```
    @discardableResult
    func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        let result: EventLoopFuture<PostgresQueryResult> = eventLoop.flatSubmit {
            // On the event loop, an open channel still has its handler, which answers the
            // statement even when the connection closes after this.
            guard !self.isClosed else { return self.eventLoop.makeFailedFuture(PostgresErrors.ConnectionClosed()) }
            return self.query(query, logger: logger)
        }
        return try await result.get().rows
    }

    /// Runs `body` in one transaction: BEGIN, then COMMIT, or ROLLBACK when it throws.
    ///
    /// ```swift
    /// let count = try await connection.transaction(logger: logger) { connection in
    ///     try await connection.rows("SELECT count(*) FROM transactions", logger: logger)
    /// }
    /// ```
    func transaction<T: Sendable>(
        logger: Logger, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await rows("BEGIN", logger: logger)
        do {
            let value = try await body(self)
            try await rows("COMMIT", logger: logger)
            return value
        } catch {
            // A lost connection has rolled back on its own; the first error is the one to tell.
            _ = try? await rows("ROLLBACK", logger: logger)
            throw error
        }
    }
}
