import ArgumentParser
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// `storefront refund TRANSACTION_ID`: refunds a transaction; it stops entitling at once.
/// With `--request`, the customer only asks for it (CONSUMPTION_REQUEST to the app's server).
struct RefundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund",
        abstract: "Refund a transaction.",
        discussion: "Exits 65 for an unknown transaction or one that no longer verifies."
    )

    @Argument(help: "The transaction ID, as `transactions` lists it.")
    var transactionID: Int64

    @Flag(help: "Refund for an issue in the app (revocation reason developerIssue).")
    var developerIssue = false

    @Flag(help: ArgumentHelp(
        "Ask for the refund as the customer would, without granting it: serve --http's --notify URLs get CONSUMPTION_REQUEST; refund again without --request to grant it."
    ))
    var request = false

    @Flag(help: "Print the refunded transaction as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot refund transaction \(transactionID)") {
            let (entry, done) = request
                ? (try await store.ledger.requestRefund(id: transactionID), "Asked for a refund of")
                : (try await store.refund(transactionID: transactionID, reason: developerIssue ? .developerIssue : .other), "Refunded")
            let result = await store.verificationResult(of: entry)
            StoreCommandSupport.print(json
                ? StoreJSON.transaction(result, entry: entry, finished: entry.isFinished).compactJSON
                : "\(done) transaction \(entry.id) (\(entry.transaction.productID))")
        }
    }
}
