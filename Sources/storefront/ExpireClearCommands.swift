import ArgumentParser
import LocalStore
import StorefrontCommandLine

/// `storefront expire PRODUCT_ID`: ends the current period of a subscription now, with
/// auto-renew off, as StoreKit Testing's `expireSubscription` does.
struct ExpireCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expire",
        abstract: "Expire a subscription now.",
        discussion: "Exits 1 when no standing subscription is on that product."
    )

    @Argument(help: "The subscription's product ID.")
    var productID: String

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot expire \(productID)") {
            try await store.expireSubscription(productID: productID)
            StoreCommandSupport.print("Expired \(productID); it will not renew.")
        }
    }
}

/// `storefront clear`: deletes every transaction and Ask to Buy request, as StoreKit
/// Testing's `clearTransactions()` does. The store key and store time stay.
struct ClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Delete every transaction from the ledger."
    )

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot clear the ledger") {
            try await store.clearTransactions()
            StoreCommandSupport.print("Cleared every transaction.")
        }
    }
}
