import Logging
import PostgresNIO

/// The connections to the host the store writes to, kept between transactions. Each is
/// opened as the lone connections are (`PostgresConnectionSettings.connection(to:)`), so
/// under `sslmode=verify-full` every one has the server's name checked by libpq's rules:
/// postgres-nio's `PostgresClient` builds its own TLS, whose check also takes a certificate
/// for the address connected to.
///
/// A server that cannot be reached is asked again after a pause while the transaction
/// waits (one server restarting), or, given several hosts, reported at once: the ledger's
/// retry then finds the host that takes writes now (`PostgresPrimary`) without waiting out
/// `PostgresStorage.connectionWait` on a primary that is gone. A refusal (TLS, sign-in) is
/// reported at once.
///
/// ```swift
/// let pool = PostgresPool(settings: settings, endpoint: .tcp(host: "db1.example", port: 5432), logger: logger)
/// let rows = try await pool.withConnection { connection in try await connection.rows("SELECT 1", logger: logger) }
/// ```
actor PostgresPool {
    /// At most this many connections at once, as postgres-nio's pool has by default.
    static let maximumConnections = 20
    /// An idle connection unused this long is closed, as postgres-nio's pool does.
    static let idleTimeout: Duration = .seconds(60)

    private let settings: PostgresConnectionSettings
    private let endpoint: PostgresAddress.Endpoint
    private let logger: Logger
    private typealias IdleConnection = (connection: PostgresConnection, since: ContinuousClock.Instant)
    private var idle: [IdleConnection] = []
    /// Connections open or being opened, idle or in use.
    private var count = 0
    /// Transactions waiting for a connection to come back, first come first served.
    private var waiters: [(id: Int, wake: CheckedContinuation<Void, Never>)] = []
    private var nextID = 0
    private var isShutDown = false
    /// Closes what stayed idle past `idleTimeout`, while anything is idle.
    private var pruning: Task<Void, Never>?

    init(settings: PostgresConnectionSettings, endpoint: PostgresAddress.Endpoint, logger: Logger) {
        self.settings = settings
        self.endpoint = endpoint
        self.logger = logger
    }

    /// Runs `body` on a connection of the pool's, then gives the connection back (closed, if
    /// it broke or the pool was shut down meanwhile).
    nonisolated func withConnection<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await lease()
        do {
            let value = try await body(connection)
            await release(connection)
            return value
        } catch {
            await release(connection)
            throw error
        }
    }

    /// Closes the idle connections and those in use as they come back; what waits fails as
    /// `PoolRetired`.
    func shutdown() {
        isShutDown = true
        pruning?.cancel()
        for (connection, _) in idle { close(connection) }
        idle = []
        wakeAll()
    }

    private func lease() async throws -> PostgresConnection {
        var pause = Duration.milliseconds(100)
        while true {
            guard !isShutDown else { throw PostgresErrors.PoolRetired() }
            try Task.checkCancellation()
            if let connection = takeIdle() { return connection }
            guard count < Self.maximumConnections else {
                try await waitForAConnection()
                continue
            }
            count += 1
            nextID += 1
            do {
                let connection = try await settings.connection(to: endpoint, id: nextID, logger: logger)
                guard !isShutDown else {
                    release(connection)
                    throw PostgresErrors.PoolRetired()
                }
                return connection
            } catch let error as PostgresErrors.PoolRetired {
                throw error
            } catch {
                count -= 1
                wakeOne()
                // TLS or sign-in refused will not mend by waiting: said at once, as is a dead
                // primary when another host may have taken over.
                guard PostgresErrors.isConnectionLost(error), !settings.findsTarget, !Task.isCancelled else { throw error }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(1))
            }
        }
    }

    private func release(_ connection: PostgresConnection) {
        if isShutDown || connection.isClosed {
            close(connection)
        } else {
            idle.append((connection, .now))
            if pruning == nil {
                pruning = Task { [weak self] in await self?.pruneWhileIdle() }
            }
        }
        wakeOne()
    }

    /// The connection used last (the likeliest to be alive), closing the broken and the stale.
    private func takeIdle() -> PostgresConnection? {
        closeBrokenAndStale()
        return idle.popLast()?.connection
    }

    private func closeBrokenAndStale() {
        let now = ContinuousClock.now
        // One pass: `isClosed` may turn true at any moment, and a connection dropped from the
        // list must also leave the count.
        var kept: [IdleConnection] = []
        for entry in idle {
            if entry.connection.isClosed || now - entry.since > Self.idleTimeout {
                close(entry.connection)
            } else {
                kept.append(entry)
            }
        }
        idle = kept
    }

    private func pruneWhileIdle() async {
        while !idle.isEmpty, !Task.isCancelled {
            try? await Task.sleep(for: Self.idleTimeout / 2)
            closeBrokenAndStale()
        }
        pruning = nil
    }

    private func close(_ connection: PostgresConnection) {
        count -= 1
        Task { try? await connection.close() }
    }

    /// Sleeps until a connection comes back or a slot frees up; a cancelled wait (the
    /// transaction's `connectionWait` over) ends with `CancellationError`.
    private func waitForAConnection() async throws {
        nextID += 1
        let id = nextID
        await withTaskCancellationHandler {
            await withCheckedContinuation { wake in
                waiters.append((id, wake))
            }
        } onCancel: {
            Task { await self.wake(id) }
        }
        try Task.checkCancellation()
    }

    private func wake(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).wake.resume()
    }

    private func wakeOne() {
        if !waiters.isEmpty { waiters.removeFirst().wake.resume() }
    }

    private func wakeAll() {
        for waiter in waiters { waiter.wake.resume() }
        waiters = []
    }
}
