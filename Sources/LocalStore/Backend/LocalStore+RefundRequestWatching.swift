import Foundation
import StorefrontModel

extension LocalStore {
    /// Tells a running app when the purchases awaiting a refund decision changed since
    /// `previous` (a request from another terminal, a decision by the developer), so Your
    /// Purchases marks them as they are; returns what the ledger says now.
    func announceRefundRequestChanges(since previous: Set<Int64>) async throws -> Set<Int64> {
        let current = try await ledger.refundRequestedIDs()
        if current != previous { emit(.refundRequestsChanged) }
        return current
    }
}
