import Foundation
import LocalStore
import PostgresStore

/// Figure 5b: durable purchases per second with several buyers at once, on each engine.
/// Every buyer is a `Ledger` of its own (its own connections, as a process would have),
/// recording consumables one after another, each purchase its own committed transaction.
struct EngineBench {
    static let buyerCounts = [1, 4, 16]

    let folder: URL
    private let clock = ContinuousClock()

    /// The SQLite file, WAL with `synchronous = NORMAL` (the ledger's own settings).
    func sqlite(buyers: Int, purchases: Int) async throws -> Double {
        let url = folder.appendingPathComponent("buyers-\(buyers).sqlite")
        let ledgers = try (0..<buyers).map { _ in try Ledger(location: .path(url)) }
        return try await rate(ledgers, purchases: purchases)
    }

    /// A throwaway cluster on a unix socket (fsync and synchronous_commit on, the defaults),
    /// a database per buyer count.
    func postgres(cluster: String, buyers: Int, purchases: Int) async throws -> Double {
        try await postgres(at: try await Self.database("buyers\(buyers)", in: cluster), buyers: buyers, purchases: purchases)
    }

    /// The same on any migrated database (over TCP, with a standby, …).
    func postgres(at address: PostgresAddress, buyers: Int, purchases: Int) async throws -> Double {
        var ledgers: [Ledger] = []
        for _ in 0..<buyers {
            ledgers.append(try Ledger(
                storage: try await PostgresStorage.open(address), keyBeside: .path(folder.appendingPathComponent("pg.sqlite"))
            ))
        }
        return try await rate(ledgers, purchases: purchases)
    }

    /// A new database `name` in the throwaway cluster at `cluster`, migrated: its address.
    static func database(_ name: String, in cluster: String) async throws -> PostgresAddress {
        try ChildProcess.run(".ci/postgres-cluster", ["createdb", cluster, name], outputPath: "/dev/null")
        let address = try PostgresAddress("postgres://storefront@/\(name)?host=\(cluster)")
        _ = try await PostgresStorage.migrate(address)
        return address
    }

    /// Purchases per second of `purchases` split between the ledgers, bought at once, each
    /// buyer a customer of their own (one account's writes take turns on PostgreSQL).
    private func rate(_ ledgers: [Ledger], purchases: Int) async throws -> Double {
        let each = max(1, purchases / ledgers.count)
        let ledgers = try ledgers.enumerated().map { try $1.scoped(to: CustomerAccount("buyer\($0)")) }
        let elapsed = try await clock.measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for ledger in ledgers {
                    group.addTask { try await LedgerBench.record(each, into: ledger) }
                }
                try await group.waitForAll()
            }
        }
        return Double(each * ledgers.count) / (elapsed.milliseconds / 1_000)
    }
}
