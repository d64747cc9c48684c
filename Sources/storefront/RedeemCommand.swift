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
            Codes are the catalog's offer codes (their reference names): a subscription's, and, \
            at their one-time price, a consumable's, non-consumable's or non-renewing \
            subscription's; and those of --offer-codes FILE. A code counts once per customer. Prints the transaction it \
            wrote. A subscriber's code for their current plan, or a lower one, waits for the next \
            renewal, as on the App Store: it prints the date it applies from and the plan that \
            stays until then (with --json, "result":"scheduled", "renewalDate", \
            "autoRenewPreference" and "offer"); exits 1 for a code the store refuses (unknown, used, not for this customer). \
            With --json a failure prints JSON too, with the same exit code: \
            {"result":"failed","error":{"code":"alreadyRedeemed","message":"…"}}, the code one of \
            unknownCode, alreadyRedeemed, notEligible, a StoreKit error's name, or the exit code's \
            sysexits name (dataError for a malformed codes file).
            """
    )

    @Argument(help: "The offer code, in any case.")
    var code: String

    @Flag(help: "Print JSON instead of a sentence.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await reportingFailure { try await storeOptions.makeStore() }
        try await StoreCommandSupport.run("offer code \(code.uppercased()) not redeemed") {
            let result = try await reportingFailure { try await redeem(in: store) }
            if case .verified(let verified) = result { try await store.finish(verified) }
        }
    }

    /// Runs `body`; with --json a failure is printed as JSON too, where the store's own
    /// error is still known, before it becomes the command's failure.
    private func reportingFailure<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch {
            if json { StoreCommandSupport.print(FailureJSON.line(for: error)) }
            throw error
        }
    }

    /// Redeems the code and prints what it granted.
    private func redeem(in store: LocalStore) async throws -> VerificationResult<Transaction> {
        let result = try await store.redeem(offerCode: code)
        let transaction = result.unsafePayloadValue
        let id = Int64(clamping: transaction.id)
        guard let entry = try await store.ledger.transaction(id: id) else { throw LedgerError.transactionNotFound(id: id) }
        // A subscriber's code for the plan in force, or a lower one, waits for the next renewal.
        if transaction.offer?.id?.uppercased() != code.uppercased(),
           let waiting = try await PendingOfferReport.waiting(in: store, plan: transaction, type: .code, offerID: code) {
            StoreCommandSupport.print(json ? waiting.json(result, entry: entry) : waiting.sentence)
            return result
        }
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
        return result
    }
}
