import Logging
import PostgresNIO

/// The connection pool of the host the store writes to. With several hosts (or a
/// `target_session_attrs`), a write that finds its host gone or read-only marks it lost, and
/// the next transaction first finds the host that takes writes now (a promoted standby),
/// starting a pool for it, while the ledger's retry loop asks again.
actor PostgresPrimary {
    private let settings: PostgresConnectionSettings
    private let logger: Logger
    private var endpoint: PostgresAddress.Endpoint
    private var pool: PostgresPool
    private var lost = false

    init(settings: PostgresConnectionSettings, endpoint: PostgresAddress.Endpoint, logger: Logger) {
        self.settings = settings
        self.logger = logger
        self.endpoint = endpoint
        pool = PostgresPool(settings: settings, endpoint: endpoint, logger: logger)
    }

    deinit {
        Task { [pool] in await pool.shutdown() }
    }

    /// The pool to use; after a loss, the host found again first. Throws when no host is the
    /// one asked for (`NoTargetHost`, a store gone: the ledger asks again).
    func current() async throws -> PostgresPool {
        guard lost else { return pool }
        let (connection, found) = try await settings.connect(id: 2, logger: logger)
        try? await connection.close()
        var retired: PostgresPool?
        if lost, found != endpoint {
            retired = pool
            endpoint = found
            pool = PostgresPool(settings: settings, endpoint: found, logger: logger)
        }
        lost = false
        let current = pool
        // After the switch: a transaction arriving meanwhile already gets the new pool.
        await retired?.shutdown()
        return current
    }

    /// Whether `pool` was shut down for another host's: what it still had in hand fails.
    func hasRetired(_ pool: PostgresPool) -> Bool {
        pool !== self.pool
    }

    /// `failed` lost its server or was refused a write: find the host again before the next
    /// transaction. Only when there is a host to find (`findsTarget`); one server that
    /// restarts keeps its pool, which reconnects by itself.
    func failed(_ pool: PostgresPool, with error: any Error) {
        guard settings.findsTarget, pool === self.pool, PostgresErrors.sendsToAnotherHost(error) else { return }
        lost = true
    }
}
