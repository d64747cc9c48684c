import Foundation
import GRDB

/// The store's durable, signed transaction ledger.
///
/// Every purchase is one SQLite transaction keyed by a purchase-attempt ID
/// the caller makes before writing: it is recorded entirely or not at all,
/// and retrying the same attempt returns the row already recorded. Every
/// transaction is signed (ES256 compact JWS) and verified again on every read.
///
/// ```swift
/// let ledger = try Ledger(location: .inMemory)
/// let purchase = LedgerPurchase(
///     productID: "nectar.jar", productType: .consumable, purchaseDate: Date(), storefront: "USA"
/// )
/// let attempt = UUID()
/// let entry = try await ledger.recordPurchase(purchase, attemptID: attempt)
/// let again = try await ledger.recordPurchase(purchase, attemptID: attempt)
/// assert(entry.id == again.id && entry.isVerified)
/// ```
///
/// Files live in WAL mode with `synchronous = NORMAL`: a commit survives the
/// process being killed at any moment (a power cut may lose the latest
/// commits, never half of one). Writers wait behind a busy timeout, so several
/// storefront processes share one ledger without reporting "database is locked".
///
/// A ledger value reads and writes one customer's rows, `account` (`local` unless
/// `scoped(to:)` says otherwise); other accounts' rows in the same file are out of its sight.
public struct Ledger: Sendable {
    /// How long a write waits for another process's write before giving up.
    public static let busyTimeout: TimeInterval = 10

    public let location: LedgerLocation
    /// The database and key files; nil in memory.
    public let files: LedgerLocation.Files?
    /// The keys that verify, the newest of which signs; no `description` shows a private half.
    public let keys: StoreKeySet
    /// The key new rows are signed with.
    public var signingKey: StoreSigningKey { keys.signingKey }
    /// The customer whose rows this value reads and writes.
    public private(set) var account = CustomerAccount.local

    let database: any DatabaseWriter
    /// The store's clock for `signedDate`; injected so tests and demos are deterministic.
    let now: @Sendable () -> Date

    /// Opens (creating folders, database and key on first use) the ledger at `location`.
    ///
    /// - Parameters:
    ///   - storeKey: The key file, instead of `store-key.pem` beside the database (or, in
    ///     memory, an ephemeral key).
    ///   - environment: Where `XDG_DATA_HOME` and `HOME` are read from for `.default`.
    ///   - now: The clock for signing dates.
    /// - Throws: `LedgerError`, naming the path and reason (`exitCode` 73, 74, 65 or 77).
    public init(
        location: LedgerLocation,
        storeKey: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(LedgerError) {
        self.location = location
        self.now = now
        var located = try location.files(environment: environment)
        if let storeKey { located?.signingKey = storeKey }
        files = located
        guard let files else {
            keys = try storeKey.map { url throws(LedgerError) in try StoreKeySet.loadOrCreate(at: url) } ?? .ephemeral()
            database = try Self.open(path: ":memory:") { try DatabaseQueue(configuration: $0) }
            return
        }
        try Self.createFolder(files.database.deletingLastPathComponent())
        keys = try StoreKeySet.loadOrCreate(at: files.signingKey)
        database = try Self.open(path: files.database.path) {
            try DatabasePool(path: files.database.path, configuration: $0)
        }
    }

    private static func createFolder(_ folder: URL) throws(LedgerError) {
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw .cannotCreate(path: folder.path, reason: Self.reason(error))
        }
    }

    private static func open(
        path: String, _ makeWriter: (Configuration) throws -> any DatabaseWriter
    ) throws(LedgerError) -> any DatabaseWriter {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "storefront.ledger"
        let existed = FileManager.default.fileExists(atPath: path)
        // Opening a new file switches it to WAL and creates the schema. When two
        // connections do that at once SQLite answers BUSY without waiting (waiting
        // could deadlock), so the whole step is retried within the busy timeout.
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                let writer = try makeWriter(configuration)
                try migrate(writer, path: path)
                return writer
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                Thread.sleep(forTimeInterval: .random(in: 0.005...0.05))
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
                throw existed
                    ? .cannotRead(path: path, reason: reason(error))
                    : .cannotCreate(path: path, reason: reason(error))
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

    /// The same ledger file and key, serving `account`'s rows.
    ///
    /// ```swift
    /// let alice = ledger.scoped(to: try CustomerAccount("alice"))
    /// let bobs = try await ledger.scoped(to: try CustomerAccount("bob")).transactions()  // none of alice's
    /// ```
    public func scoped(to account: CustomerAccount) -> Ledger {
        var scoped = self
        scoped.account = account
        return scoped
    }

    // MARK: - Access

    /// The database path as reported in errors.
    var path: String { files?.database.path ?? ":memory:" }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(LedgerError) -> T {
        do {
            return try await database.read(body)
        } catch {
            throw Self.ledgerError(error, path: path)
        }
    }

    /// Runs `body` in one IMMEDIATE transaction: all of it commits, or none.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(LedgerError) -> T {
        do {
            return try await database.write(body)
        } catch {
            throw Self.ledgerError(error, path: path)
        }
    }

    /// A stored row with its verification result.
    func entry(_ row: TransactionRow) -> LedgerEntry {
        let failure = keys.verify(row.jws, expectedPayload: row.transaction.signedPayload)
        return LedgerEntry(
            transaction: row.transaction,
            verification: failure.map(LedgerVerification.unverified) ?? .verified,
            jwsRepresentation: row.jws,
            purchaseAttemptID: row.purchaseAttemptID,
            isFinished: row.isFinished
        )
    }

    /// Verifies many rows on every core: signature checks dominate reading a ledger.
    func entries(_ rows: [TransactionRow]) async -> [LedgerEntry] {
        let chunkSize = max(256, rows.count / ProcessInfo.processInfo.activeProcessorCount + 1)
        guard rows.count > chunkSize else { return rows.map(entry) }
        return await withTaskGroup(of: (Int, [LedgerEntry]).self) { group in
            for start in stride(from: 0, to: rows.count, by: chunkSize) {
                let chunk = rows[start..<min(start + chunkSize, rows.count)]
                group.addTask { (start, chunk.map(self.entry)) }
            }
            var chunks: [(start: Int, entries: [LedgerEntry])] = []
            for await chunk in group { chunks.append(chunk) }
            return chunks.sorted { $0.start < $1.start }.flatMap(\.entries)
        }
    }

    /// Fails unless the row still carries the store's signature: re-signing an
    /// edited row would launder the edit.
    func requireVerified(_ row: TransactionRow) throws(LedgerError) {
        if let failure = keys.verify(row.jws, expectedPayload: row.transaction.signedPayload) {
            throw .unverifiedTransaction(id: row.transaction.id, failure: failure)
        }
    }

    // MARK: - Errors

    static func ledgerError(_ error: any Error, path: String) -> LedgerError {
        switch error {
        case let error as LedgerError:
            return error
        case let error as CorruptRow:
            return .notALedger(
                path: path, reason: "\(error.table) row \(error.id): column \(error.column) cannot be read"
            )
        case let error as DatabaseError:
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return .notALedger(path: path, reason: reason(error))
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return .cannotWrite(
                    path: path,
                    reason: "another storefront process kept it busy for over \(Int(busyTimeout)) seconds"
                )
            case .SQLITE_CANTOPEN:
                return .cannotRead(path: path, reason: reason(error))
            default:
                return .cannotWrite(path: path, reason: reason(error))
            }
        default:
            return .cannotWrite(path: path, reason: reason(error))
        }
    }

    /// A short human reason: SQLite's message, or the POSIX error under a Foundation one.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}

extension Ledger: CustomStringConvertible {
    public var description: String {
        "Ledger(\(path), keyID: \"\(signingKey.keyID)\")"
    }
}
