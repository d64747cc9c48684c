import ArgumentParser
import LocalStore
import StorefrontCommandLine

/// `storefront auto-renew ID off|on`: the customer turns a subscription's auto-renew off or
/// back on, as StoreKit Testing's `disableAutoRenewForTransaction` and
/// `enableAutoRenewForTransaction` do.
struct AutoRenewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auto-renew",
        abstract: "Turn a subscription's auto-renew off or on.",
        discussion: """
            serve --http's --notify URLs get DID_CHANGE_RENEWAL_STATUS (AUTO_RENEW_DISABLED or AUTO_RENEW_ENABLED); \
            a running storefront shows when the plan expires, or renews. Exits 65 for an unknown transaction.
            """
    )

    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    @Argument(help: "A transaction of the subscription, as `transactions` lists it.")
    var transactionID: Int64

    @Argument(help: "off: the subscription expires at the end of its period; on: it renews again.")
    var state: Switch

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot turn auto-renew \(state.rawValue) for transaction \(transactionID)") {
            try await store.setAutoRenew(state == .on, forTransaction: transactionID)
            StoreCommandSupport.print("Auto-renew is \(state.rawValue) for the subscription of transaction \(transactionID).")
        }
    }
}
