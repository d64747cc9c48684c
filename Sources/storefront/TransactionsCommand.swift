import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// `storefront transactions [--json]`: the whole ledger, oldest first, after recording
/// the renewals store time has reached.
struct TransactionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transactions",
        abstract: "List every transaction in the ledger.",
        discussion: """
            With --json, an array of objects with id, originalID, productID, productType, \
            purchaseDate, originalPurchaseDate, expirationDate, revocationDate (ISO 8601 or null), \
            revocationReason, revocationType (REFUND_FULL, REFUND_PRORATED or FAMILY_REVOKE, or null), \
            revocationPercentage (a prorated refund's share in milliunits: 40% is 40000, or null), quantity, offerType, offerID, isUpgraded, price, currency, storefront, \
            offerDiscountType, offerPeriod (ISO 8601, e.g. P1M), appAccountToken, appTransactionId, \
            ownershipType (PURCHASED, or FAMILY_SHARED for a family member's purchase), finished and verified. A transaction edited outside the store shows verified false.
            """
    )

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var remoteOption: RemoteOption

    func run() async throws {
        try await remoteOption.safe(report)
    }

    private func report() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot list transactions") {
            let entries = try await store.entries()
            var results: [(LedgerEntry, VerificationResult<Transaction>)] = []
            for entry in entries {
                results.append((entry, await store.verificationResult(of: entry)))
            }
            if json {
                let array = results.map { StoreJSON.transaction($1, entry: $0, finished: $0.isFinished) }
                StoreCommandSupport.print(PropertyValue.array(array).compactJSON)
            } else {
                if results.isEmpty { StoreCommandSupport.print("No transactions.") }
                for (entry, result) in results { StoreCommandSupport.print(Self.line(entry, result)) }
                if let note = RequestsCommand.pendingNote(try await store.ledger.askToBuyRequests()) {
                    StoreCommandSupport.print(note)
                }
            }
        }
    }

    /// One readable line: `3  tip.small ×2  2026-01-02T03:04:05.000Z  unfinished`; a prorated
    /// refund says its share (`refunded 40%`).
    static func line(_ entry: LedgerEntry, _ result: VerificationResult<Transaction>) -> String {
        let transaction = result.unsafePayloadValue
        let quantity = transaction.purchasedQuantity > 1 ? " ×\(transaction.purchasedQuantity)" : ""
        var parts = ["\(transaction.id)", transaction.productID + quantity]
        parts.append(transaction.purchaseDate.formatted(Date.ISO8601FormatStyle()))
        if let expiration = transaction.expirationDate {
            parts.append("expires " + expiration.formatted(Date.ISO8601FormatStyle()))
        }
        if transaction.originalID != transaction.id { parts.append("original \(transaction.originalID)") }
        if let plan = BillingPlanWords.part(transaction) { parts.append(plan) }
        if transaction.isUpgraded { parts.append("upgraded") }
        if transaction.ownershipType == .familyShared {
            parts.append(transaction.revocationDate == nil ? "shared by family" : "no longer shared")
        } else if transaction.revocationDate != nil {
            parts.append(transaction.revocationPercentage.map { "refunded \($0)%" } ?? "refunded")
        }
        if !entry.isFinished { parts.append("unfinished") }
        if case .unverified(_, let error) = result { parts.append("UNVERIFIED: \(error.localizedDescription)") }
        return parts.joined(separator: "  ")
    }
}
