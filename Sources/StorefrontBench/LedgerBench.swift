import Foundation
import LocalStore

/// Figure 5, the ledger on disk (WAL, `synchronous = NORMAL`, the ledger's own settings)
/// in a temporary folder.
struct LedgerBench {
    static let storedTransactions = 10_000

    let folder: URL
    private let clock = ContinuousClock()

    /// Purchases per second: `count` sequential `recordPurchase` calls on a new ledger
    /// file, each its own signed, committed transaction. One rate per run.
    func purchases(count: Int, runs: Int) async throws -> Samples {
        var rates: [Double] = []
        for run in 0..<runs {
            let ledger = try Ledger(location: .path(folder.appendingPathComponent("purchases-\(run).sqlite")))
            let elapsed = try await clock.measure { try await Self.record(count, into: ledger) }
            rates.append(Double(count) / (elapsed.milliseconds / 1_000))
        }
        return Samples(rates)
    }

    /// Verifications per second of `storedTransactions` rows read with `transactions()`.
    /// Cold: each run opens the file again, so the key's memo of verified signatures starts
    /// empty and every ES256 signature is checked. Warm: the same ledger read a second time.
    func verifications(runs: Int) async throws -> (cold: Samples, warm: Samples) {
        let url = folder.appendingPathComponent("verify.sqlite")
        try await Self.record(Self.storedTransactions, into: try Ledger(location: .path(url)))
        var cold: [Double] = []
        var warm: [Double] = []
        for _ in 0..<runs {
            let ledger = try Ledger(location: .path(url))
            cold.append(try await verifiedRate(ledger))
            warm.append(try await verifiedRate(ledger))
        }
        return (Samples(cold), Samples(warm))
    }

    private func verifiedRate(_ ledger: Ledger) async throws -> Double {
        var entries: [LedgerEntry] = []
        let elapsed = try await clock.measure { entries = try await ledger.transactions() }
        guard entries.count == Self.storedTransactions, entries.allSatisfy(\.isVerified) else {
            throw BenchError("ledger: expected \(Self.storedTransactions) verified transactions, read \(entries.filter(\.isVerified).count) verified of \(entries.count)")
        }
        return Double(entries.count) / (elapsed.milliseconds / 1_000)
    }

    /// `count` purchases of generated consumables, one after another, each its own attempt.
    static func record(_ count: Int, into ledger: Ledger) async throws {
        let price = Decimal(string: "0.99")
        for index in 0..<count {
            let purchase = LedgerPurchase(
                productID: "com.example.generated.consumable.\(index % 400 + 1)", productType: .consumable,
                purchaseDate: Date(), storefront: "USA", price: price, currency: "USD"
            )
            _ = try await ledger.recordPurchase(purchase, attemptID: UUID())
        }
    }
}
