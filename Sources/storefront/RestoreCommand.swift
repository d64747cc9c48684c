import ArgumentParser
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// `storefront restore [--json]`: what an app does at launch and on Restore Purchases:
/// syncs with the store, delivers the transactions left unfinished (prints, then finishes
/// the verified ones) and lists the products the customer owns.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore purchases and deliver unfinished transactions.",
        discussion: """
            With --json: {"delivered":[transactions],"owned":[product IDs]}. A purchase cut off \
            after it was recorded is delivered here, once.
            """
    )

    @Flag(help: "Print JSON instead of a list.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot restore purchases") {
            try await store.sync()
            let unfinished = try await store.ledger.unfinishedTransactions()
            var delivered: [PropertyValue] = []
            var lines: [String] = []
            for entry in unfinished {
                let result = await store.verificationResult(of: entry)
                delivered.append(StoreJSON.transaction(result, entry: entry, finished: false))
                lines.append("Delivered " + TransactionsCommand.line(entry, result))
                if case .verified(let transaction) = result { try await store.finish(transaction) }
            }
            let owned = try await store.currentEntitlements().purchasedProductIDs.sorted()
            if json {
                StoreCommandSupport.print(PropertyValue([
                    "delivered": .array(delivered), "owned": .array(owned.map { .string($0) }),
                ]).compactJSON)
            } else {
                lines.append(owned.isEmpty ? "Nothing to restore." : "Owned: " + owned.joined(separator: ", "))
                StoreCommandSupport.print(lines.joined(separator: "\n"))
            }
        }
    }
}
