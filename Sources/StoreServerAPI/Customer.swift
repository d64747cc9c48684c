import Foundation
import LocalStore
import StoreCatalog

/// One customer's view, found from an ID in a request: the store serving their account,
/// and their verified transactions. Unverified rows (edited behind the store's back) are
/// never served: the server would be signing the edit.
struct Customer {
    let store: LocalStore
    /// The customer's verified transactions, renewals that fell due included, oldest first.
    let transactions: [LedgerTransaction]
    /// Store time now.
    let now: Date
}

extension AppStoreServer {
    /// The customer whose transaction `text` names: 400 when it is not a transaction ID,
    /// 404 when no customer has it.
    func customer(ofTransaction text: String) async throws(APIError) -> Customer {
        guard let id = Self.transactionID(text) else { throw .invalidTransactionID }
        let owner: CustomerAccount?
        do {
            owner = try await settings.ledger.owner(ofTransaction: id)
        } catch {
            throw .generalInternalRetryable
        }
        guard let owner else { throw .transactionIDNotFound }
        return try await customer(owner)
    }

    func customer(_ account: CustomerAccount) async throws(APIError) -> Customer {
        let store = LocalStore(
            catalog: settings.catalog, ledger: settings.ledger, account: account, controls: settings.controls
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

    /// A transaction ID: 1 to 18 digits, above zero.
    static func transactionID(_ text: String) -> Int64? {
        guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }),
              let id = Int64(text), id > 0
        else { return nil }
        return id
    }
}
