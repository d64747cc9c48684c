import Foundation
import StorefrontModel

/// The price increases and products off sale a ledger watcher last saw.
struct PriceChangeSighting: Sendable, Equatable {
    var increases: [Int64: PriceIncrease]
    var removedFromSale: Set<String>

    init(_ ledger: Ledger) async throws {
        increases = try await ledger.priceIncreases()
        removedFromSale = try await ledger.productsRemovedFromSale()
    }
}

extension LocalStore {
    /// Sends a status change for each group of a chain whose price increase, or whose
    /// product's sale, another process changed since `previous` (so a running app shows the
    /// consent sheet), the products whose sale changed (so it shows them unavailable, or for
    /// sale again), and returns what the ledger says now.
    func announcePriceChanges(since previous: PriceChangeSighting) async throws -> PriceChangeSighting {
        let current = try await PriceChangeSighting(ledger)
        guard current != previous else { return current }
        let increased = Set(previous.increases.keys).union(current.increases.keys).filter { previous.increases[$0] != current.increases[$0] }
        let products = previous.removedFromSale.symmetricDifference(current.removedFromSale)
        if !products.isEmpty { emit(.productsChanged(products.sorted())) }
        let chains = try await allChains().filter { increased.contains($0.originalID) || products.contains($0.renewsAs) }
        for groupID in Set(chains.compactMap(\.groupID)).sorted() {
            emit(.subscriptionStatusChanged(groupID: groupID))
        }
        return current
    }
}
