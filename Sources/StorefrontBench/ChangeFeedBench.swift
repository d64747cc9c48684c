import CursesBackend
import Foundation
import LocalStore
import PostgresStore

/// Figure 5c: how long a purchase committed by one process takes to show in another
/// process's app on PostgreSQL. The other process is `storefront run` on a pseudo-terminal,
/// open at the Bird Food shop of the sample catalog, on the same account; this process
/// records Sunflower Hearts through a `Ledger` of its own and times from the commit
/// returning to the first byte the app writes after it (its row's count, "×N"). The app
/// writes nothing while idle (idle_bytes is 0), so that byte is the purchase arriving:
/// NOTIFY on the change feed, the watcher's look, the app's state, its next frame. The
/// watcher's interval is a second, so a feed that failed shows as about a second.
struct ChangeFeedBench {
    let folder: URL
    let storefront: String

    static let sunflower = "com.example.backyardbirds.food.sunflower"

    /// Milliseconds from each purchase's commit returning to the app's screen changing.
    func latencies(cluster: String, purchases: Int) async throws -> Samples {
        try await latencies(at: try await EngineBench.database("feed", in: cluster), purchases: purchases)
    }

    /// The same on any migrated database (across TLS, …).
    func latencies(at address: PostgresAddress, purchases: Int) async throws -> Samples {
        let key = folder.appendingPathComponent("feed-key.pem")
        let buyer = try Ledger(
            storage: try await PostgresStorage.open(address), keyBeside: .path(folder.appendingPathComponent("feed.sqlite")),
            storeKey: key
        ).scoped(to: try CustomerAccount("feed"))
        let app = try TerminalSession(
            storefront, ["run", "--store", address.description, "--store-key", key.path, "--account", "feed", "--latency", "0"],
            environment: ["STOREFRONT_PRESS": "down,enter", "LC_ALL": "C.UTF-8"]
        )
        defer { app.end() }
        _ = try app.waitForSettled("Sunflower Hearts", quiet: .milliseconds(500), limit: .seconds(20))
        var samples: [Double] = []
        for _ in 0..<purchases {
            let purchase = LedgerPurchase(
                productID: Self.sunflower, productType: .consumable, purchaseDate: Date(), storefront: "USA",
                price: Decimal(string: "0.99"), currency: "USD"
            )
            _ = try await buyer.recordPurchase(purchase, attemptID: UUID())
            let committed = ContinuousClock.now
            guard app.waitForOutput(limit: .seconds(5)) else {
                throw BenchError("a purchase never reached the other storefront's screen within 5 s")
            }
            samples.append((ContinuousClock.now - committed).milliseconds)
            // The rest of the frame, so the next purchase starts from a quiet screen.
            _ = app.pty.readOutput(quiet: .milliseconds(30), limit: .seconds(2))
        }
        return Samples(samples)
    }
}
