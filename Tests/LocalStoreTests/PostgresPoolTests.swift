import Foundation
import LocalStore
import Logging
@testable import PostgresStore
import StorefrontTestSupport
import Testing

/// The store's own connection pool against real clusters: every connection it opens has
/// verify-full's name checked as libpq does, it keeps to its limit, what waits on it when it
/// is shut down fails as a store gone, and given several hosts a dead primary is reported at
/// once rather than after the wait for a connection.
@Suite("PostgreSQL: the store's connection pool (real clusters)") struct PostgresPoolTests {
    static let logger = Logger(label: "test.pool") { _ in SwiftLogNoOpLogHandler() }

    private func pool(_ url: String) throws -> (PostgresPool, PostgresAddress) {
        let address = try PostgresAddress(url)
        let settings = PostgresConnectionSettings(address: address, tls: try address.security.configuration(environment: [:]))
        return (PostgresPool(settings: settings, endpoint: address.endpoints[0], logger: Self.logger), address)
    }

    /// `SELECT 1` on a pooled connection: the one row's count.
    private static func rowCount(_ pool: PostgresPool) async throws -> Int {
        try await pool.withConnection { try await $0.rows("SELECT 1", logger: logger).count }
    }

    @Test("Under verify-full a pooled connection to localhost is refused for a certificate naming only 127.0.0.1; by address it connects")
    func pooledConnectionsCheckTheName() async throws {
        try await PostgresServer.with(tls: true) { server in
            let verified = "?sslmode=verify-full&sslrootcert=\(server.certificate("ca.crt"))"
            let (byAddress, _) = try pool(server.url + verified)
            #expect(try await Self.rowCount(byAddress) == 1)
            await byAddress.shutdown()

            let (byName, address) = try pool(server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost") + verified)
            let error = await #expect(throws: (any Error).self) {
                try await Self.rowCount(byName)
            }
            let reason = error.flatMap { PostgresErrors.tlsFailure($0, address: address) }
            #expect(reason?.contains("the server's certificate is not for localhost") == true, "\(String(describing: error))")
            await byName.shutdown()
        }
    }

    @Test("Thirty transactions at once share at most twenty connections, and all complete")
    func keepsToItsLimit() async throws {
        let url = try await PostgresCluster.database()
        let (pool, _) = try pool(url)
        let peaks = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<30 {
                group.addTask {
                    // The database is this test's alone: its sessions are the pool's.
                    try await pool.withConnection { connection in
                        let open = try await connection.rows(
                            "SELECT 1 FROM pg_stat_activity WHERE datname = current_database()", logger: Self.logger
                        ).count
                        try await connection.rows("SELECT pg_sleep(0.2)", logger: Self.logger)
                        return open
                    }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(peaks.count == 30)
        #expect(peaks.max().map { $0 <= PostgresPool.maximumConnections } == true, "connections seen at once: \(peaks.max() ?? 0)")
        await pool.shutdown()
    }

    @Test("Shut down while transactions hold every connection: the one waiting fails as a store gone, the others complete")
    func shutdownFailsTheWaiting() async throws {
        let url = try await PostgresCluster.database()
        let (pool, _) = try pool(url)
        let holders = Holders()
        let holding = (0..<PostgresPool.maximumConnections).map { _ in
            Task {
                try await pool.withConnection { connection in
                    await holders.arrive()
                    // Held long enough that the waiter still waits at the shutdown on a loaded machine.
                    return try await connection.rows("SELECT pg_sleep(3)", logger: Self.logger).count
                }
            }
        }
        while await holders.count < PostgresPool.maximumConnections { try await Task.sleep(for: .milliseconds(10)) }
        let waiting = Task { try await Self.rowCount(pool) }
        try await Task.sleep(for: .milliseconds(100))
        await pool.shutdown()
        await #expect(throws: PostgresErrors.PoolRetired.self) { try await waiting.value }
        for task in holding {
            #expect(try await task.value == 1)
        }
    }

    @Test("Given several hosts, a primary that refuses connections is reported at once, in the system's words")
    func deadPrimaryReportedAtOnce() async throws {
        try await PostgresServer.withStandby { primary, standby in
            let (pool, address) = try pool(PostgresServer.url([primary, standby]))
            try await primary.kill()
            let error = await #expect(throws: (any Error).self) {
                try await Self.rowCount(pool)
            }
            // Not "no connection to the server within 10 s": the wait is not waited out.
            guard case .storeUnavailable(_, let reason)? = error.map({ PostgresErrors.ledgerError($0, store: address.description) }) else {
                Issue.record("expected a store gone, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("Connection refused"), "\(reason)")
            await pool.shutdown()
        }
    }

    /// How many transactions hold a connection.
    actor Holders {
        private(set) var count = 0
        func arrive() { count += 1 }
    }
}
