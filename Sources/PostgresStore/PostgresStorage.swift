import Foundation
import LocalStore
import Logging
import PostgresNIO

/// The shared engine: the ledger in a PostgreSQL database, for many storefronts on many machines.
///
/// Writes of one account take turns on a transaction-level advisory lock, as SQLite's
/// writers take turns on its file; different accounts write at once. The connection pool
/// (`PostgresPool`) is `PostgresPrimary`'s, which replaces it with another host's when a
/// write finds the host it writes to gone, given several hosts.
///
/// ```swift
/// let address = try PostgresAddress("postgres://storefront@/shop?host=/tmp/pg")
/// _ = try await PostgresStorage.migrate(address)
/// let storage = try await PostgresStorage.open(address)
/// ```
package final class PostgresStorage: LedgerStorage {
    package let name: String
    private let settings: PostgresConnectionSettings
    private let primary: PostgresPrimary
    /// Silent: postgres-nio's own lines would reach stderr beside the one line a failure
    /// gets, and what goes wrong is thrown anyway.
    private static let logger = Logger(label: "storefront.ledger.postgres") { _ in SwiftLogNoOpLogHandler() }

    private init(settings: PostgresConnectionSettings, endpoint: PostgresAddress.Endpoint) {
        name = settings.address.description
        self.settings = settings
        primary = PostgresPrimary(settings: settings, endpoint: endpoint, logger: Self.logger)
    }

    /// Connects, and checks the schema is the one this program knows.
    ///
    /// The password is the URL's, else `PGPASSWORD`'s, else the password file's, as libpq finds it.
    ///
    /// - Throws: `LedgerError.storeUnavailable` (exit 69) when the server cannot be reached, or
    ///   TLS fails (no TLS under `sslmode=require`, a certificate that does not verify or names
    ///   another host); `.keyFileNotPrivate` (77) for an `sslkey` others may read;
    ///   `.signInRefused` (77) when it wants a password none of those gives, or refuses the one given;
    ///   `.notALedger` (65) when the schema is missing, older (run `storefront store migrate`) or newer.
    package static func open(_ given: PostgresAddress) async throws(LedgerError) -> PostgresStorage {
        let settings = try given.connectionSettings(environment: ProcessInfo.processInfo.environment)
        let (version, endpoint) = try await withConnection(settings) { connection in
            try await PostgresSchema.version(connection, logger: logger)
        }
        guard version == PostgresSchema.migrations.count else {
            throw schemaMismatch(version, address: given)
        }
        return PostgresStorage(settings: settings, endpoint: endpoint)
    }

    /// Creates or upgrades the schema.
    ///
    /// - Returns: The versions before and after (equal when there was nothing to do).
    package static func migrate(_ given: PostgresAddress) async throws(LedgerError) -> (from: Int, to: Int) {
        let settings = try given.connectionSettings(environment: ProcessInfo.processInfo.environment)
        let (versions, _) = try await withConnection(settings) { connection in
            try await PostgresSchema.migrate(connection, logger: logger)
        }
        if !(0...PostgresSchema.migrations.count).contains(versions.from) { throw schemaMismatch(versions.from, address: given) }
        return versions
    }

    private static func schemaMismatch(_ version: Int?, address: PostgresAddress) -> LedgerError {
        let known = PostgresSchema.migrations.count
        if let version, version < 0 {
            return .notALedger(
                path: address.description,
                reason: "its storefront_schema table says version \(version), which no storefront writes: someone changed it by hand"
            )
        }
        guard let version, version > 0 else {
            return .notALedger(
                path: address.description, reason: "it has no storefront schema yet: run storefront store migrate --store \(address)"
            )
        }
        if version < known {
            return .notALedger(
                path: address.description,
                reason: "its schema is version \(version), older than this storefront's \(known): run storefront store migrate --store \(address)"
            )
        }
        return .notALedger(
            path: address.description,
            reason: "its schema is version \(version), newer than this storefront knows (\(known)): use a newer storefront"
        )
    }

    /// One connection of its own, for the checks before the pool starts: the pool would
    /// keep trying an unreachable server for a minute. Also says which host it reached.
    private static func withConnection<T: Sendable>(
        _ settings: PostgresConnectionSettings, _ body: (PostgresConnection) async throws -> T
    ) async throws(LedgerError) -> (T, PostgresAddress.Endpoint) {
        let address = settings.address
        let connection: PostgresConnection
        let endpoint: PostgresAddress.Endpoint
        do {
            (connection, endpoint) = try await settings.connectWaitingForTarget(id: 0, logger: logger)
        } catch {
            throw PostgresErrors.connectionError(error, address: address)
        }
        do {
            let result = try await body(connection)
            try? await connection.close()
            return (result, endpoint)
        } catch {
            try? await connection.close()
            throw PostgresErrors.ledgerError(error, store: address.description)
        }
    }

    package func read<T: Sendable>(
        _ body: @escaping @Sendable (any LedgerStorageSession) async throws -> T
    ) async throws -> T {
        try await transaction { connection in
            // One snapshot for every statement of the read.
            try await connection.rows("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: Self.logger)
            return try await body(PostgresSession(connection: connection, logger: Self.logger))
        }
    }

    package func write<T: Sendable>(
        account: CustomerAccount, _ body: @escaping @Sendable (any LedgerStorageSession) async throws -> T
    ) async throws -> T {
        // Two writes that insert the same attempt ID in different accounts at once: the
        // loser's unique violation rolls it back, and running it again reads the winner's row.
        var attemptsLeft = 2
        while true {
            do {
                return try await transaction { connection in
                    try await connection.rows(
                        "SELECT pg_advisory_xact_lock(hashtext(\(account.id)))", logger: Self.logger
                    )
                    let result = try await body(PostgresSession(connection: connection, logger: Self.logger))
                    try await PostgresChangeFeed.announce(account: account, on: connection, logger: Self.logger)
                    return result
                }
            } catch let error where PostgresErrors.isUniqueViolation(error) && attemptsLeft > 1 {
                attemptsLeft -= 1
            }
        }
    }

    /// How long a transaction waits for a pooled connection before it is reported
    /// `storeUnavailable`: the pool keeps trying a single server that is down, and the
    /// ledger's retry loop must get back control to keep its own deadline.
    static let connectionWait: Duration = .seconds(10)

    /// One transaction on a pooled connection; waiting for the connection gives up after
    /// `connectionWait`, while a transaction that has its connection always runs to its end
    /// (cut short, a commit could land while its caller heard it failed).
    private func transaction<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let pool = try await primary.current()
        do {
            return try await transaction(on: pool, body)
        } catch {
            // Another transaction found a new primary and shut this pool down meanwhile, failing
            // what waited on it: a store gone, asked again there.
            if await primary.hasRetired(pool) { throw PostgresErrors.PoolRetired() }
            await primary.failed(pool, with: error)
            throw error
        }
    }

    private func transaction<T: Sendable>(
        on pool: PostgresPool, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let lease = LeaseDeadline()
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await pool.withConnection { connection in
                    guard await lease.leased() else { throw PostgresErrors.NoConnection(waited: Self.connectionWait) }
                    return try await connection.transaction(logger: Self.logger, body)
                }
            }
            group.addTask {
                try await Task.sleep(for: Self.connectionWait)
                // Throwing cancels the wait for a connection (the pool drops the request).
                guard await lease.expired() else { return nil }
                throw PostgresErrors.NoConnection(waited: Self.connectionWait)
            }
            while let result = try await group.next() {
                if let value = result {
                    group.cancelAll()
                    return value
                }
            }
            preconditionFailure("the transaction's task ended without a value or an error")
        }
    }

    package func changeFeed(account: CustomerAccount) -> AsyncStream<Void>? {
        PostgresChangeFeed.changes(of: account, at: settings, logger: Self.logger)
    }

    package func ledgerError(_ error: any Error) -> LedgerError {
        PostgresErrors.ledgerError(error, store: name)
    }
}

/// Who came first: the pooled connection, or the end of the wait for it.
private actor LeaseDeadline {
    private var settled: Bool?

    /// The connection came: true unless the wait had already ended.
    func leased() -> Bool {
        if settled == nil { settled = true }
        return settled == true
    }

    /// The wait ended: true unless the connection had already come.
    func expired() -> Bool {
        if settled == nil { settled = false }
        return settled == false
    }
}
