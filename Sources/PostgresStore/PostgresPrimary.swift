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
    private var client: PostgresClient
    /// The pool's `run()`, cancelled when the pool is replaced or the store goes away.
    private var running: Task<Void, Never>
    private var lost = false

    init(settings: PostgresConnectionSettings, endpoint: PostgresAddress.Endpoint, logger: Logger) {
        self.settings = settings
        self.logger = logger
        self.endpoint = endpoint
        let (client, running) = Self.pool(settings: settings, endpoint: endpoint, logger: logger)
        self.client = client
        self.running = running
    }

    deinit {
        running.cancel()
    }

    private static func pool(
        settings: PostgresConnectionSettings, endpoint: PostgresAddress.Endpoint, logger: Logger
    ) -> (PostgresClient, Task<Void, Never>) {
        let client = PostgresClient(configuration: settings.clientConfiguration(endpoint), backgroundLogger: logger)
        return (client, Task { await client.run() })
    }

    /// The pool to use; after a loss, the host found again first. Throws when no host is the
    /// one asked for (`NoTargetHost`, a store gone: the ledger asks again).
    func current() async throws -> PostgresClient {
        guard lost else { return client }
        let (connection, found) = try await settings.connect(id: 2, logger: logger)
        try? await connection.close()
        if lost, found != endpoint {
            running.cancel()
            endpoint = found
            (client, running) = Self.pool(settings: settings, endpoint: found, logger: logger)
        }
        lost = false
        return client
    }

    /// Whether `pool` was shut down for another host's: what it still had in hand fails.
    func hasRetired(_ pool: PostgresClient) -> Bool {
        pool !== client
    }

    /// `failed` lost its server or was refused a write: find the host again before the next
    /// transaction. Only when there is a host to find (`findsTarget`); one server that
    /// restarts keeps its pool, which reconnects by itself.
    func failed(_ pool: PostgresClient, with error: any Error) {
        guard settings.findsTarget, pool === client, PostgresErrors.sendsToAnotherHost(error) else { return }
        lost = true
    }
}
