import Foundation
import LocalStore
import PostgresStore
import StoreCatalog
import StorefrontModel

/// Figure 5c: how long a purchase committed by one storefront takes to reach another's
/// store updates on PostgreSQL (LISTEN/NOTIFY, then the watcher's look), the stream the
/// app's state is fed from. Two ledgers with connections of their own, as two processes
/// would have, in one account; the watcher's interval is a second, so a feed that failed
/// would show as about a second.
struct ChangeFeedBench {
    let folder: URL
    let catalog: Catalog

    /// Milliseconds from each purchase's commit returning to its transaction arriving.
    func latencies(cluster: String, purchases: Int) async throws -> Samples {
        try ChildProcess.run(".ci/postgres-cluster", ["createdb", cluster, "feed"], outputPath: "/dev/null")
        let address = try PostgresAddress("postgres://storefront@/feed?host=\(cluster)")
        _ = try await PostgresStorage.migrate(address)
        let key = LedgerLocation.path(folder.appendingPathComponent("feed.sqlite"))
        let account = try CustomerAccount("feed")
        let buyer = try Ledger(storage: try await PostgresStorage.open(address), keyBeside: key).scoped(to: account)
        let watched = LocalStore(
            catalog: catalog, ledger: try Ledger(storage: try await PostgresStorage.open(address), keyBeside: key), account: account
        )
        let updates = await watched.updates()
        let watcher = try await watched.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }
        let arrivals = Arrivals()
        let listener = Task {
            for await update in updates {
                if case .transaction(let result) = update { await arrivals.arrived(result.unsafePayloadValue.id) }
            }
        }
        defer { listener.cancel() }
        // The feed's first connection wakes the watcher once: let that pass.
        try await Task.sleep(for: .milliseconds(300))
        let productID = "com.example.generated.consumable.1"
        var samples: [Double] = []
        for _ in 0..<purchases {
            let purchase = LedgerPurchase(
                productID: productID, productType: .consumable, purchaseDate: Date(), storefront: "USA",
                price: Decimal(string: "0.99"), currency: "USD"
            )
            let entry = try await buyer.recordPurchase(purchase, attemptID: UUID())
            let committed = ContinuousClock.now
            let arrived = try await arrivals.wait(for: UInt64(entry.id), timeout: .seconds(5))
            samples.append(max(0, (arrived - committed).milliseconds))
        }
        return Samples(samples)
    }
}

/// When each transaction reached the watching store's updates, and who waits for which.
private actor Arrivals {
    private var times: [UInt64: ContinuousClock.Instant] = [:]

    func arrived(_ id: UInt64) {
        times[id] = times[id] ?? ContinuousClock.now
    }

    /// When `id` arrived; fails after `timeout` without it.
    func wait(for id: UInt64, timeout: Duration) async throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + timeout
        while times[id] == nil {
            guard ContinuousClock.now < deadline else { throw BenchError("transaction \(id) never reached the other store's updates") }
            try await Task.sleep(for: .milliseconds(1))
        }
        return times[id]!
    }
}
