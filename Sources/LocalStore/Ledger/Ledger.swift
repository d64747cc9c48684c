import Foundation
import GRDB
import StorefrontModel

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
    /// Which products Family Sharing shares (`sharingWithFamily(_:)`); nil shares none, and a
    /// write then never looks at families.
    var familyShareable: (@Sendable (String) -> Bool)? = nil
    /// The key file this value made as it opened: taken back when the store turns out to
    /// hold rows, which a new key never signed (`checkKeysSignRows`).
    let createdKeyFile: URL?

    /// Package-wide so a test can put an engine that fails on demand in front of it.
    package let storage: any LedgerStorage
    /// The store's clock, for `signedDate` and notification times: the one the store runs on,
    /// so a headless run on a virtual clock signs virtual dates.
    let clock: StoreClock

    /// Opens (creating folders, database and key on first use) the ledger at `location`.
    ///
    /// - Parameters:
    ///   - storeKey: The key file, instead of `store-key.pem` beside the database (or, in
    ///     memory, an ephemeral key).
    ///   - environment: Where `XDG_DATA_HOME` and `HOME` are read from for `.default`.
    ///   - clock: The store's clock, for signing dates (the system's unless told).
    /// - Throws: `LedgerError`, naming the path and reason (`exitCode` 73, 74, 65 or 77).
    public init(
        location: LedgerLocation,
        storeKey: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: StoreClock = .live
    ) throws(LedgerError) {
        try self.init(keyBeside: location, storeKey: storeKey, environment: environment, clock: clock) { files throws(LedgerError) in
            try SQLiteStorage(path: files?.database.path ?? ":memory:")
        }
    }

    /// A ledger whose rows another engine keeps, signed with the key set `storeKey` names, else
    /// the one of `location` (created there on first use; an ephemeral one for `.inMemory`).
    package init(
        storage: any LedgerStorage, keyBeside location: LedgerLocation, storeKey: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: StoreClock = .live
    ) throws(LedgerError) {
        try self.init(keyBeside: location, storeKey: storeKey, environment: environment, clock: clock) { _ in storage }
    }

    private init(
        keyBeside location: LedgerLocation, storeKey: URL?, environment: [String: String], clock: StoreClock,
        storage makeStorage: (LedgerLocation.Files?) throws(LedgerError) -> any LedgerStorage
    ) throws(LedgerError) {
        self.location = location
        self.clock = clock
        var located = try location.files(environment: environment)
        if let storeKey { located?.signingKey = storeKey }
        files = located
        if let files {
            if case .default = location {
                try Self.refuseLinkOutOfDataFolder(files.database, environment: environment)
            }
            try Self.createFolder(files.database.deletingLastPathComponent())
            let opened = try StoreKeySet.openOrCreate(at: files.signingKey)
            keys = opened.keys
            createdKeyFile = opened.created ? files.signingKey : nil
        } else if let storeKey {
            let opened = try StoreKeySet.openOrCreate(at: storeKey)
            keys = opened.keys
            createdKeyFile = opened.created ? storeKey : nil
        } else {
            keys = .ephemeral()
            createdKeyFile = nil
        }
        storage = try makeStorage(files)
    }

    /// A default ledger that is a symbolic link to a file outside the data folder is refused:
    /// SQLite would turn whatever it points to into a database. `--ledger` names such a file.
    private static func refuseLinkOutOfDataFolder(_ database: URL, environment: [String: String]) throws(LedgerError) {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: database.path) else { return }
        let pointed = target.hasPrefix("/") ? URL(fileURLWithPath: target) : database.deletingLastPathComponent().appendingPathComponent(target)
        let resolved = pointed.standardizedFileURL.resolvingSymlinksInPath().path
        let folder = try LedgerLocation.dataDirectory(environment: environment).standardizedFileURL.resolvingSymlinksInPath().path
        guard !resolved.hasPrefix(folder + "/") else { return }
        throw .notALedger(
            path: database.path,
            reason: "it is a symbolic link to \(resolved), outside the data folder \(folder); if that file is the ledger, name it with --ledger \(resolved)"
        )
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

    /// The database as reported in errors: a path, or a URL without its password.
    var path: String { storage.name }

    /// The database as people are shown it: the file's path or the store's URL (without its
    /// password); nil in memory.
    ///
    /// ```swift
    /// print(ledger.databaseName ?? "in memory")
    /// ```
    public var databaseName: String? { location == .inMemory ? nil : path }

    /// Set for the length of a purchase (`LocalStore.buy`): its reads (the store's time, what
    /// the account owns) then ask a store that stopped answering again as its write does, so a
    /// primary lost and a standby promoted in the middle does not fail it. Elsewhere a read
    /// fails at once: the watcher's look must tell "Store unreachable" without waiting.
    @TaskLocal static var readsRetryLostConnections = false

    /// Runs `body` with its reads asking a store that stopped answering again, for up to
    /// `reconnectTimeout`, as a purchase's own reads do. For what a command reads around a
    /// purchase: once the purchase has landed, a read that failed at once would report a
    /// bought product as failed, and the customer would buy it a second time.
    ///
    /// ```swift
    /// let entry = try await Ledger.readingThroughOutages { try await ledger.transaction(id: id) }
    /// ```
    public static func readingThroughOutages<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        try await $readsRetryLostConnections.withValue(true, operation: body)
    }

    func read<T: Sendable>(
        _ body: @escaping @Sendable (any LedgerStorageSession) async throws -> T
    ) async throws(LedgerError) -> T {
        try await retrying(lostConnections: Self.readsRetryLostConnections) { try await storage.read(body) }
    }

    /// Runs `body` in one database transaction of the account: all of it commits, or none.
    ///
    /// With `retryingLostConnections`, for a body keyed by a purchase-attempt ID (which finds
    /// its own row when run again), a store that stops answering (`storeUnavailable`: a lost
    /// connection, a server restarting) is asked again for up to `reconnectTimeout`: a
    /// connection lost while COMMIT was on its way leaves no way to know whether it landed,
    /// and running the body again records the purchase once either way.
    func write<T: Sendable>(
        retryingLostConnections: Bool = false,
        _ body: @escaping @Sendable (any LedgerStorageSession) async throws -> T
    ) async throws(LedgerError) -> T {
        try await retrying(lostConnections: retryingLostConnections) {
            try await storage.write(account: account) { store in try await self.sharingWithFamily(in: store, body) }
        }
    }

    /// Runs `operation`; with `lostConnections`, asks again while the store is unavailable,
    /// for up to `reconnectTimeout`, pausing longer each time (at most a second).
    private func retrying<T: Sendable>(
        lostConnections: Bool, _ operation: () async throws -> T
    ) async throws(LedgerError) -> T {
        let deadline = ContinuousClock.now + Self.reconnectTimeout
        var pause = Duration.milliseconds(50)
        while true {
            let failure: LedgerError
            do {
                return try await operation()
            } catch {
                failure = storage.ledgerError(error)
            }
            guard lostConnections, case .storeUnavailable = failure,
                  ContinuousClock.now + pause < deadline, !Task.isCancelled
            else { throw failure }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(1))
        }
    }

    /// How long a purchase keeps asking a store that stopped answering before it is
    /// reported failed (long enough for a PostgreSQL server's restart).
    public static let reconnectTimeout: Duration = .seconds(30)

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

    /// The errors every engine maps alike: the ledger's own, an unreadable row, anything else.
    package static func commonError(_ error: any Error, path: String) -> LedgerError {
        switch error {
        case let error as LedgerError:
            error
        case let error as CorruptRow:
            .notALedger(path: path, reason: "\(error.table) row \(error.id): column \(error.column) cannot be read")
        default:
            .cannotWrite(path: path, reason: reason(error))
        }
    }

    /// A short human reason: SQLite's message, or the POSIX error under a Foundation one.
    package static func reason(_ error: any Error) -> String {
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
