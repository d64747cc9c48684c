import Foundation
import StorefrontModel

extension LocalStore {
    /// Each subscription chain's renewal state at store time now, by original transaction ID.
    func renewalStates() async throws -> [Int64: Product.SubscriptionInfo.RenewalState] {
        let now = try await storeNow()
        var states: [Int64: Product.SubscriptionInfo.RenewalState] = [:]
        for chain in try await allChains() {
            states[chain.originalID] = chain.status(at: now, rules: renewalRules(for: chain)).state
        }
        return states
    }

    /// Sends a status change for each group of a chain whose renewal state differs from
    /// `previous`, and returns the states now: a period that ended with no renewal (auto-renew
    /// off, a product removed from sale, a price increase not agreed to, a failed billing)
    /// writes nothing to the ledger, so only its state tells a running app that it lapsed.
    func announceStateChanges(
        since previous: [Int64: Product.SubscriptionInfo.RenewalState]
    ) async throws -> [Int64: Product.SubscriptionInfo.RenewalState] {
        let current = try await renewalStates()
        try await announceStatusChanges(ofChanged: previous, current)
        return current
    }

    /// Sends a status change for each group of a chain whose value differs between `previous`
    /// and `current` (keyed by original transaction ID).
    func announceStatusChanges<Value: Equatable>(ofChanged previous: [Int64: Value], _ current: [Int64: Value]) async throws {
        let changed = Set(previous.keys).union(current.keys).filter { previous[$0] != current[$0] }
        guard !changed.isEmpty else { return }
        let groups = Set(try await allChains().filter { changed.contains($0.originalID) }.compactMap(\.groupID))
        for groupID in groups.sorted() {
            emit(.subscriptionStatusChanged(groupID: groupID))
        }
    }
}
