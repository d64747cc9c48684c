import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// `storefront redeem CODE [--json]`: redeems an offer code into the ledger, as the
/// Redeem Code sheet does, and prints what it granted.
struct RedeemCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redeem",
        abstract: "Redeem an offer code into the ledger.",
        discussion: """
            Codes are the catalog's subscription offer codes (their reference names) and those \
            of --offer-codes FILE. A code counts once per customer. Prints the transaction it \
            wrote; exits 1 for a code the store refuses (unknown, used, not for this customer).
            """
    )

    @Argument(help: "The offer code, in any case.")
    var code: String

    @Flag(help: "Print JSON instead of a sentence.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("offer code \(code.uppercased()) not redeemed") {
            let result = try await store.redeem(offerCode: code)
            let transaction = result.unsafePayloadValue
            let id = Int64(clamping: transaction.id)
            guard let entry = try await store.ledger.transaction(id: id) else { throw LedgerError.transactionNotFound(id: id) }
            if json {
                StoreCommandSupport.print(PropertyValue([
                    "result": .string("success"),
                    "verified": .bool(result.verifiedValue != nil),
                    "transaction": StoreJSON.transaction(result, entry: entry),
                ]).compactJSON)
            } else {
                let name = store.catalog.product(id: transaction.productID)?.displayName ?? transaction.productID
                let until = transaction.expirationDate.map { " until \($0.formatted(Date.ISO8601FormatStyle()))" } ?? ""
                StoreCommandSupport.print("Redeemed \(transaction.offer?.id ?? code.uppercased()): \(name) (\(transaction.productID))\(until): transaction \(id)")
            }
            if case .verified(let verified) = result { try await store.finish(verified) }
        }
    }
}
