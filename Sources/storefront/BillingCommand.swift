import ArgumentParser
import LocalStore
import StorefrontCommandLine

/// `storefront billing recover ID`: the customer's billing issue is resolved, as StoreKit
/// Testing's `resolveIssueForTransaction` (Xcode's "Resolve Billing Issue") does.
///
/// ```
/// storefront advance 1mo --billing-retry     # the renewal fails: billing retry
/// storefront billing recover 1 --billing-retry
/// ```
struct BillingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "billing",
        abstract: "Resolve a subscription's billing issue.",
        subcommands: [BillingRecoverCommand.self]
    )
}

/// `storefront billing recover ID`: records the renewal that a failed billing held back.
struct BillingRecoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "Resolve the billing issue of a subscription in billing retry or a grace period.",
        discussion: """
            The renewal goes through now: a new transaction, DID_RENEW BILLING_RECOVERY to serve --http's \
            --notify URLs, and a running storefront sees the plan renewed. Recovered in a grace period, the \
            renewal date stays; in billing retry, the new period starts now. --billing-retry is implied \
            here; give --billing-grace-period as the other commands had it. Renewals keep failing while \
            --billing-retry (or the .storekit file's setting) is on, so the next one fails again. \
            Exits 65 for an unknown transaction, 1 when its subscription has no billing issue.
            """
    )

    @Argument(help: "A transaction of the subscription, as `transactions` lists it (the original transaction ID, say).")
    var transactionID: Int64

    @Flag(help: "Print the renewal as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        // A billing issue is what this command resolves: renewals fail here whatever the catalog says.
        var options = storeOptions
        options.billingRetry = true
        let store = try await options.makeStore()
        try await StoreCommandSupport.run("cannot resolve the billing issue of transaction \(transactionID)") {
            let entry = try await store.resolveBillingIssue(forTransaction: transactionID)
            let result = await store.verificationResult(of: entry)
            StoreCommandSupport.print(json
                ? StoreJSON.transaction(result, entry: entry, finished: entry.isFinished).compactJSON
                : "Recovered " + TransactionsCommand.line(entry, result))
        }
    }
}
