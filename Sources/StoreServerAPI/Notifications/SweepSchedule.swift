import Foundation
import LocalStore
import Synchronization

/// When each account next needs a look for what time alone brings (renewals, lapses): when
/// its ledger rows change, or when store time reaches its next lapse.
final class SweepSchedule: Sendable {
    private let looks = Mutex<[CustomerAccount: (marker: Ledger.ChangeMarker, until: Date)]>([:])

    func isDue(_ account: CustomerAccount, marker: Ledger.ChangeMarker, at storeNow: Date) -> Bool {
        guard let look = looks.withLock({ $0[account] }) else { return true }
        return look.marker != marker || storeNow >= look.until
    }

    func swept(_ account: CustomerAccount, marker: Ledger.ChangeMarker, until: Date) {
        looks.withLock { $0[account] = (marker, until) }
    }
}
