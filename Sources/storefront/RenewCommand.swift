import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

extension ForcedRenewalError: ExitCodeError {}

/// `storefront renew ID [--billing-fails]`: the subscription's renewal date comes now, StoreKit
/// Testing's `forceRenewalOfSubscription`; with `--billing-fails` (or `--fail` alone), the
/// renewal fails for billing.
///
/// ```
/// storefront renew 1          # DID_RENEW; the next period starts now
/// storefront renew 1 --fail   # DID_FAIL_TO_RENEW; billing retry (or a grace period)
/// ```
struct RenewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "renew",
        abstract: "Renew a subscription now, or make its renewal fail for billing.",
        discussion: """
            The period in force ends now and the next begins: a new transaction, DID_RENEW to serve --http's \
            --notify URLs, and a running storefront sees the plan renewed. With --billing-fails the renewal's billing \
            fails now: billing retry, or a grace period first with --billing-grace-period; DID_FAIL_TO_RENEW \
            (subtype GRACE_PERIOD in a grace period), and a running storefront shows the billing problem until \
            `billing recover ID`. `--fail` with no store API after it means --billing-fails. A subscription \
            that would not renew at its renewal date (auto-renew off, a price increase not agreed to, its \
            product removed from sale) expires now instead. With --json: the \
            transaction (the renewal, or the one that ended now) with "state", "isInBillingRetryPeriod" and \
            "gracePeriodExpiresDate". Exits 65 for an unknown transaction, one that is not an auto-renewable \
            subscription, or a subscription that is expired, refunded or already in billing retry.
            """
    )

    @Argument(help: "A transaction of the subscription, as `transactions` lists it (the original transaction ID, say).")
    var transactionID: Int64

    // Not `--fail`: the store options' --fail (a failing store API) has that name, so a bare
    // --fail reaches this flag through `readingBareFail`.
    @Flag(help: "The renewal fails for billing: billing retry, or a grace period with --billing-grace-period. Also --fail alone.")
    var billingFails = false

    /// The command line's words with `renew`'s bare `--fail` (no store API after it, as in
    /// `renew 1 --fail`) read as `--billing-fails`; other commands' words as they are.
    ///
    /// ```swift
    /// RenewCommand.readingBareFail(["renew", "1", "--fail"])  // ["renew", "1", "--billing-fails"]
    /// ```
    static func readingBareFail(_ words: [String]) -> [String] {
        guard words.first == configuration.commandName else { return words }
        return words.indices.map { index in
            guard words[index] == "--fail" else { return words[index] }
            let next = words.indices.contains(index + 1) ? words[index + 1] : ""
            return APIFailure.api(named: next) == nil ? "--billing-fails" : "--fail"
        }
    }

    @Flag(help: "Print the transaction and the subscription's state as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot renew the subscription of transaction \(transactionID)") {
            let entry = try await store.forceRenewalOfSubscription(transactionID: transactionID, billingFails: billingFails)
            let result = await store.verificationResult(of: entry)
            let status = try await store.subscriptionStatuses(for: entry.transaction.subscriptionGroupID ?? "")
                .first { $0.transaction.unsafePayloadValue.originalID == entry.transaction.originalID }
            let renewal = status?.renewalInfo.unsafePayloadValue
            if json {
                let fields: [PropertyValue.Member] = [
                    .init(key: "state", value: status.map { .string($0.state.rawValue) } ?? .null),
                    .init(key: "isInBillingRetryPeriod", value: .bool(renewal?.isInBillingRetry ?? false)),
                    .init(key: "gracePeriodExpiresDate", value: renewal?.gracePeriodExpirationDate.map {
                        .string($0.formatted(Date.ISO8601FormatStyle()))
                    } ?? .null),
                ]
                StoreCommandSupport.print(StoreJSON.transaction(result, entry: entry, finished: entry.isFinished).appending(fields).compactJSON)
            } else {
                StoreCommandSupport.print(Self.outcome(status) + TransactionsCommand.line(entry, result))
            }
        }
    }

    /// The line's first words: what became of the renewal.
    private static func outcome(_ status: Product.SubscriptionInfo.Status?) -> String {
        guard let status else { return "Renewed " }
        let renewal = status.renewalInfo.unsafePayloadValue
        switch status.state {
        case .inGracePeriod:
            let end = renewal.gracePeriodExpirationDate.map { " until " + $0.formatted(Date.ISO8601FormatStyle()) } ?? ""
            return "Renewal failed (billing), in a grace period\(end): "
        case .inBillingRetryPeriod: return "Renewal failed (billing), in billing retry: "
        case .expired: return "Did not renew (\(renewal.expirationReason?.rawValue ?? "expired")), expired now: "
        case .subscribed, .revoked: return "Renewed "
        }
    }
}
