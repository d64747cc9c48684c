import Foundation
import GRDB

/// The embedded engine: one SQLite file (GRDB, WAL), or a database in memory.
///
/// Writes are IMMEDIATE transactions, so one writer at a time in any process; others wait
/// behind a busy timeout rather than report "database is locked".
struct SQLiteStorage: LedgerStorage {
    let name: String
    /// Internal for tests that watch its statements.
    let database: any DatabaseWriter

    /// Opens (creating and migrating) the database file at `path`, or one in memory for `:memory:`.
    init(path: String) throws(LedgerError) {
        name = path
        database = path == ":memory:"
            ? try Self.open(path: path) { try DatabaseQueue(configuration: $0) }
            : try Self.open(path: path) { try DatabasePool(path: path, configuration: $0) }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any LedgerStorageSession) async throws -> T) async throws -> T {
        try await StatementChannel.run(
            access: { [database] serve in try await database.read(serve) },
            body: { try await body(SQLiteSession(channel: $0)) }
        )
    }

    func write<T: Sendable>(
        account: CustomerAccount, _ body: @escaping @Sendable (any LedgerStorageSession) async throws -> T
    ) async throws -> T {
        // SQLite has one writer at a time, whatever the account.
        try await StatementChannel.run(
            access: { [database] serve in try await database.write(serve) },
            body: { try await body(SQLiteSession(channel: $0)) }
        )
    }

    /// SQLite tells other processes nothing: their watchers look at the change marker.
    func changeFeed(account: CustomerAccount) -> AsyncStream<Void>? { nil }

    private static func open(
        path: String, _ makeWriter: (Configuration) throws -> any DatabaseWriter
    ) throws(LedgerError) -> any DatabaseWriter {
        var configuration = Configuration()
        configuration.busyMode = .timeout(Ledger.busyTimeout)
        configuration.label = "storefront.ledger"
        let existed = FileManager.default.fileExists(atPath: path)
        // Opening a new file switches it to WAL and creates the schema. When two
        // connections do that at once SQLite answers BUSY without waiting (waiting
        // could deadlock), so the whole step is retried within the busy timeout.
        let deadline = Date().addingTimeInterval(Ledger.busyTimeout)
        while true {
            do {
                let writer = try makeWriter(configuration)
                try migrate(writer, path: path)
                return writer
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                Thread.sleep(forTimeInterval: .random(in: 0.005...0.05))
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
                throw existed
                    ? .cannotRead(path: path, reason: Ledger.reason(error))
                    : .cannotCreate(path: path, reason: Ledger.reason(error))
            } catch {
                throw ledgerError(error, path: path)
            }
        }
    }

    private static func migrate(_ writer: any DatabaseWriter, path: String) throws {
        let migrator = LedgerSchema.migrator
        // Processes that open a new ledger together race to run the same
        // migration: the loser's CREATE TABLE fails after the winner commits,
        // and looking again shows the schema in place.
        var attemptsLeft = 3
        while true {
            do {
                try migrator.migrate(writer)
                break
            } catch {
                attemptsLeft -= 1
                if try writer.read(migrator.hasCompletedMigrations) { break }
                if attemptsLeft == 0 { throw error }
            }
        }
        if try writer.read(migrator.hasBeenSuperseded) {
            throw LedgerError.notALedger(path: path, reason: "it was written by a newer version of storefront")
        }
    }

    func ledgerError(_ error: any Error) -> LedgerError {
        Self.ledgerError(error, path: name)
    }

    private static func ledgerError(_ error: any Error, path: String) -> LedgerError {
        switch error {
        case let error as DatabaseError:
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return .notALedger(path: path, reason: Ledger.reason(error))
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return .cannotWrite(
                    path: path,
                    reason: "another storefront process kept it busy for over \(Int(Ledger.busyTimeout)) seconds"
                )
            case .SQLITE_CANTOPEN:
                return .cannotRead(path: path, reason: Ledger.reason(error))
            default:
                return .cannotWrite(path: path, reason: Ledger.reason(error))
            }
        default:
            return Ledger.commonError(error, path: path)
        }
    }
}
