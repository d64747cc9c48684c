import Foundation
import GRDB
@testable import LocalStore
import Synchronization
import Testing

/// Separate `Ledger` values open separate connection pools on one file, as
/// separate storefront processes would. (Processes killed mid-purchase and buying
/// side by side are in CommandLineTests and ReliabilityTests.)
@Suite("Several writers on one ledger")
struct ConcurrencyTests {
    let folder: LedgerFolder

    init() throws {
        folder = try LedgerFolder()
    }

    private func openTogether(_ count: Int) async throws -> [Ledger] {
        let folder = folder
        return try await withThrowingTaskGroup(of: Ledger.self) { group in
            for _ in 0..<count {
                group.addTask { try folder.openLedger() }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// `count` values on one ledger of `engine`, each with its own connections.
    private func open(_ count: Int, on engine: Engine) async throws -> (TestLedger, [Ledger]) {
        let ledger = try await TestLedger(engine)
        var opened: [Ledger] = []
        for _ in 0..<count { opened.append(try await ledger.open()) }
        return (ledger, opened)
    }

    @Test("Writers that create a new ledger at the same moment agree on one key and one schema")
    func openTogether() async throws {
        let ledgers = try await openTogether(4)
        #expect(Set(ledgers.map(\.signingKey.keyID)).count == 1)
        for ledger in ledgers {
            #expect(try await ledger.transactions().isEmpty)
        }
    }

    @Test("Four concurrent writers: every purchase recorded once, none lost, nobody sees a lock error", arguments: Engine.allCases)
    func concurrentWriters(engine: Engine) async throws {
        let (ledger, ledgers) = try await open(4, on: engine)
        let shared = (0..<25).map { _ in UUID() }
        let perWriter = 60

        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, ledger) in ledgers.enumerated() {
                group.addTask {
                    for round in 0..<perWriter {
                        _ = try await ledger.recordPurchase(Sample.consumable("jar.\(index)"), attemptID: UUID())
                        if round < shared.count {
                            // Every writer retries the same attempts: only one may win each.
                            _ = try await ledger.recordPurchase(Sample.consumable("shared"), attemptID: shared[round])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }

        let entries = try await ledger.open().transactions()
        #expect(entries.count == ledgers.count * perWriter + shared.count)
        #expect(Set(entries.map(\.id)).count == entries.count)
        #expect(Set(entries.map(\.purchaseAttemptID)).count == entries.count)
        #expect(entries.allSatisfy { $0.isVerified })
        let perProduct = Dictionary(grouping: entries, by: \.transaction.productID).mapValues(\.count)
        #expect(perProduct == ["jar.0": perWriter, "jar.1": perWriter, "jar.2": perWriter, "jar.3": perWriter, "shared": shared.count])
    }

    @Test("Store time advanced from several writers at once adds up", arguments: Engine.allCases)
    func concurrentAdvances(engine: Engine) async throws {
        let ledgers = try await open(4, on: engine).1
        try await withThrowingTaskGroup(of: Void.self) { group in
            for ledger in ledgers {
                group.addTask {
                    for _ in 0..<10 { _ = try await ledger.advanceStoreTime(by: 60) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await ledgers[0].storeTimeOffset() == 4 * 10 * 60)
    }

    @Test("A writer killed before COMMIT leaves nothing, and others wait for its lock instead of failing")
    func writerDiesMidTransaction() async throws {
        let ledger = try folder.openLedger()
        let before = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())

        // A "process" that inserted a row and dies before committing.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let dying = try DatabaseQueue(path: folder.database.path, configuration: configuration)
        let lostAttempt = UUID()
        try await dying.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(
                sql: """
                    INSERT INTO transactions (originalID, productID, productType, purchaseDate, originalPurchaseDate,
                        purchasedQuantity, isUpgraded, ownershipType, storefront, signedDate, purchaseAttemptID, jws)
                    VALUES (0, 'ghost', 'Consumable', 0, 0, 1, 0, 'PURCHASED', 'USA', 0, ?, 'half-written')
                    """,
                arguments: [lostAttempt.uuidString]
            )
        }

        // Readers are not blocked by the writer that holds the lock.
        #expect(try await ledger.transactions().map(\.id) == [before.id])

        // The statements the ledger's writer connection starts, as it starts them. The first
        // BEGIN (the purchase asking for the lock) makes the writer die a moment later, from a
        // thread of its own as a process dies: not when this test's task next gets a turn,
        // which in a full parallel run on a loaded machine came after the purchase's busy
        // timeout (seen twice, at load 20 and in make test at load ~15).
        let (statements, started) = AsyncStream.makeStream(of: String.self)
        let death = DeathOnce(dying)
        try await (ledger.storage as! SQLiteStorage).database.writeWithoutTransaction { db in
            db.trace(options: .statement) { statement in
                started.yield(statement.description)
                if statement.description.hasPrefix("BEGIN") { death.dieSoon() }
            }
        }
        let waiting = Task { try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID()) }
        let begun = try await first(
            "the waiting purchase to ask for the write lock (BEGIN)", in: statements, within: .seconds(Ledger.busyTimeout / 2)
        ) { $0.hasPrefix("BEGIN") }
        #expect(begun.hasPrefix("BEGIN IMMEDIATE"))
        let bought = try await waiting.value
        let entries = try await ledger.transactions()
        #expect(entries.map(\.id) == [before.id, bought.id])
        #expect(entries.allSatisfy { $0.isVerified })
        #expect(!entries.contains { $0.transaction.productID == "ghost" })

        // The lost attempt can simply be retried, and is then recorded once.
        let retried = try await ledger.recordPurchase(Sample.consumable(), attemptID: lostAttempt)
        #expect(try await ledger.recordPurchase(Sample.consumable(), attemptID: lostAttempt) == retried)
        #expect(try await ledger.transactions().count == 3)
    }
}

/// The first element of `stream` that `matches`; a failed test naming `what` when none comes
/// within `timeout` (or the stream ends).
private func first<Element: Sendable>(
    _ what: String, in stream: AsyncStream<Element>, within timeout: Duration,
    sourceLocation: SourceLocation = #_sourceLocation, where matches: @escaping @Sendable (Element) -> Bool
) async throws -> Element {
    let found = await withTaskGroup(of: Element?.self) { group in
        group.addTask {
            for await element in stream where matches(element) { return element }
            return nil
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
    return try #require(found, "waited \(timeout) for \(what)", sourceLocation: sourceLocation)
}

/// The dying writer of `writerDiesMidTransaction`: closed once, 100 ms after the first call,
/// on a dispatch queue (so while the purchase is already waiting for its lock).
private final class DeathOnce: Sendable {
    private let writer: DatabaseQueue
    private let scheduled = Atomic(false)

    init(_ writer: DatabaseQueue) { self.writer = writer }

    func dieSoon() {
        guard scheduled.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { try? self.writer.close() }
    }
}
