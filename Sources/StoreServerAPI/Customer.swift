import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel

/// One customer's view, found from an ID in a request: the store serving their account,
/// and their verified transactions. Unverified rows (edited behind the store's back) are
/// never served: the server would be signing the edit.
struct Customer: Sendable {
    let store: LocalStore
    /// The customer's verified transactions, renewals that fell due included, oldest first.
    let transactions: [LedgerTransaction]
    /// The same, in transaction history's order (signed date, then ID), sorted once per load.
    let historyOrder: [LedgerTransaction]
    /// Store time now.
    var now: Date

    init(store: LocalStore, transactions: [LedgerTransaction], now: Date) {
        self.store = store
        self.transactions = transactions
        historyOrder = transactions.sorted { ($0.signedDate.milliseconds, $0.id) < ($1.signedDate.milliseconds, $1.id) }
        self.now = now
    }
}

/// The customers read lately, each with the ledger's change marker as it stood and the
/// store time until which no renewal can fall due: a request that finds both unchanged
/// reuses the rows instead of reading and verifying them all again.
final class CustomerCache: Sendable {
    private struct Entry {
        let marker: Ledger.ChangeMarker
        let validUntil: Date
        let customer: Customer
    }

    private let entries = BoundedCache<CustomerAccount, Entry>(capacity: 1024)

    func customer(
        _ account: CustomerAccount, ledger: Ledger, clock: StoreClock, load: () async throws(APIError) -> Customer
    ) async throws(APIError) -> Customer {
        let scoped = ledger.scoped(to: account)
        let marker: Ledger.ChangeMarker
        let now: Date
        do {
            let (current, offset) = try await scoped.changeMarkerAndStoreTimeOffset()
            marker = current
            now = clock.now.addingTimeInterval(offset)
        } catch {
            throw .generalInternalRetryable
        }
        if let entry = entries.value(for: account), entry.marker == marker, now < entry.validUntil {
            var customer = entry.customer
            customer.now = now
            return customer
        }
        let customer = try await load()
        // Loading may have recorded renewals, which moved the marker.
        guard let settled = try? await scoped.changeMarker() else { return customer }
        // The next expiry is when a renewal may next fall due.
        let validUntil = customer.transactions.compactMap(\.expirationDate).filter { $0 > customer.now }.min() ?? .distantFuture
        entries.keep(Entry(marker: settled, validUntil: validUntil, customer: customer), for: account)
        return customer
    }
}

extension AppStoreServer {
    /// The customer whose transaction `text` names: 400 when it is not a transaction ID,
    /// 404 when no customer has it. An owner found before is asked first (a transaction never
    /// changes hands): its rows, when they still hold the transaction, answer without a look
    /// across accounts.
    func customer(ofTransaction text: String) async throws(APIError) -> Customer {
        guard let id = Self.transactionID(text) else { throw .invalidTransactionID }
        if let known = owners.value(for: id) {
            let customer = try await customer(known)
            if customer.transactions.contains(where: { $0.id == id }) { return customer }
        }
        let owner: CustomerAccount?
        do {
            owner = try await settings.ledger.owner(ofTransaction: id)
        } catch {
            throw .generalInternalRetryable
        }
        guard let owner else { throw .transactionIDNotFound }
        owners.keep(owner, for: id)
        return try await customer(owner)
    }

    func customer(_ account: CustomerAccount) async throws(APIError) -> Customer {
        try await customers.customer(account, ledger: settings.ledger, clock: settings.clock) { () throws(APIError) -> Customer in
            let store = LocalStore(
                catalog: settings.catalog, ledger: settings.ledger, account: account, clock: settings.clock, controls: settings.controls
            )
            do {
                let entries = try await store.entries()
                return Customer(
                    store: store, transactions: entries.filter(\.isVerified).map(\.transaction), now: try await store.storeNow()
                )
            } catch {
                throw .generalInternalRetryable
            }
        }
    }

    /// A transaction ID: 1 to 18 digits, above zero.
    static func transactionID(_ text: String) -> Int64? {
        guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }),
              let id = Int64(text), id > 0
        else { return nil }
        return id
    }
}
