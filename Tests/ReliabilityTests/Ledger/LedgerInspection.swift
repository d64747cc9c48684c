import Foundation
import LocalStore
import StoreCatalog
import StorefrontTestSupport
import Testing

/// Reading what the tool left behind, as a user with the tool (or the ledger API) would.
enum LedgerInspection {
    /// The tip jar's products: consumables, so every purchase is a new transaction.
    static let tipJarProductIDs: [String] = {
        let url = PackagePaths.catalog("TipJar")
        return ((try? CatalogLoader.load(contentsOf: url))?.products.map(\.id)) ?? []
    }()

    /// `buy --json` output: the transaction ID when it reports a success.
    static func confirmedTransactionID(_ output: String) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
              object["result"] as? String == "success",
              let transaction = object["transaction"] as? [String: Any]
        else { return nil }
        return transaction["id"] as? Int
    }

    /// `storefront restore --json` on the tip jar: the IDs it delivered.
    static func restore(ledger: String, home: URL) async throws -> [Int] {
        let result = try await StorefrontCommand.run(
            ["restore", "--json", "--catalog", "tipjar", "--ledger", ledger], home: home, label: "restore"
        )
        try #require(result.status == 0, "restore failed: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let delivered = try #require(object["delivered"] as? [[String: Any]])
        return delivered.compactMap { $0["id"] as? Int }
    }

    /// `storefront transactions --json` on the tip jar.
    static func transactions(ledger: String, home: URL) async throws -> [[String: Any]] {
        let result = try await StorefrontCommand.run(
            ["transactions", "--json", "--catalog", "tipjar", "--ledger", ledger], home: home, label: "transactions"
        )
        try #require(result.status == 0, "transactions failed: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// Every ledger entry with its bookkeeping (attempt ID, finished), through the ledger API.
    static func entries(ledger: String) async throws -> [LedgerEntry] {
        try await Ledger(location: .path(URL(fileURLWithPath: ledger))).transactions()
    }
}
