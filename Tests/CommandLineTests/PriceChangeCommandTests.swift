import Foundation
import StorefrontTestSupport
import Testing

/// `price-increase`, `price-consent` and `remove-from-sale`, run as real processes on a
/// ledger file: Backyard Birds' Sanctuary Monthly at $9.99.
@Suite("storefront price-increase, price-consent, remove-from-sale (real processes)")
struct PriceChangeCommandTests {
    static let sanctuary = "com.example.backyardbirds.pass.sanctuary.monthly"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path])
    }

    /// The one subscription `entitlements --json` lists for `account`.
    private func subscription(account: String = "local") async throws -> [String: Any] {
        let output = try await storefront("entitlements", "--json", "--account", account)
        let subscriptions = try #require(try output.object()["subscriptions"] as? [[String: Any]])
        return try #require(subscriptions.first)
    }

    @Test("Raised with consent: pending, accepted, then the renewal bills the new price; bad input refused in one line")
    func consented() async throws {
        let bought = try await storefront("buy", Self.sanctuary, "--json")
        let transaction = try #require(try bought.object()["transaction"] as? [String: Any])
        let id = try #require(transaction["id"] as? Int)

        let badPrice = try await storefront("price-increase", Self.sanctuary, "12,99")
        #expect(badPrice.status == 64)
        #expect(badPrice.stderr.contains("price \"12,99\" is not a price like 4.99"))
        let lower = try await storefront("price-increase", Self.sanctuary, "4.99")
        #expect(lower.status == 65)
        #expect(lower.stderr == "storefront: cannot raise the price of \(Self.sanctuary): 4.99 is not above \(Self.sanctuary)'s current price 9.99\n")

        let raised = try await storefront("price-increase", Self.sanctuary, "12.99")
        #expect(raised.status == 0)
        #expect(raised.stdout == "Raised \(Self.sanctuary) to 12.99 for subscription \(id): waiting for consent (PRICE_INCREASE PENDING)\n")
        var renewal = try await subscription()
        #expect(renewal["priceIncreaseStatus"] as? Int == 0 && renewal["renewalPrice"] as? String == "12.99")

        let accepted = try await storefront("price-consent", String(id), "accept")
        #expect(accepted.status == 0)
        #expect(accepted.stdout == "Accepted \(Self.sanctuary) at 12.99: it renews at the new price\n")
        renewal = try await subscription()
        #expect(renewal["priceIncreaseStatus"] as? Int == 1)
        let again = try await storefront("price-consent", String(id), "decline")
        #expect(again.status == 1)
        #expect(again.stderr == "storefront: cannot answer the price increase of transaction \(id): transaction \(id)'s subscription has no price increase waiting for an answer\n")

        #expect(try await storefront("advance", "1mo").status == 0)
        let history = try await storefront("transactions", "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["price"] as? String } == ["9.99", "12.99"])
        renewal = try await subscription()
        #expect(renewal["state"] as? String == "subscribed" && renewal["priceIncreaseStatus"] is NSNull)
    }

    @Test("Declined: the subscription expires at its renewal date for not consenting")
    func declined() async throws {
        let bought = try await storefront("buy", Self.sanctuary, "--json")
        let id = try #require((try bought.object()["transaction"] as? [String: Any])?["id"] as? Int)
        #expect(try await storefront("price-increase", Self.sanctuary, "10.99").status == 0)
        let declined = try await storefront("price-consent", String(id), "decline")
        #expect(declined.stdout == "Declined \(Self.sanctuary) at 10.99: it expires at its renewal date\n")
        #expect(try await subscription()["willAutoRenew"] as? Bool == false)
        #expect(try await storefront("entitlements").stdout.contains("subscribed (\(Self.sanctuary)), price increase to 10.99 declined\n"))
        #expect(try await storefront("advance", "1mo").status == 0)
        let lapsed = try await subscription()
        #expect(lapsed["state"] as? String == "expired" && lapsed["expirationReason"] as? String == "didNotConsentToPriceIncrease")
        #expect(try await storefront("entitlements").stdout.contains("expired (\(Self.sanctuary)), expired: didNotConsentToPriceIncrease\n"))
    }

    @Test("Removed from sale: another customer is refused, the subscriber lapses at renewal; put back, it sells")
    func removed() async throws {
        #expect(try await storefront("buy", Self.sanctuary).status == 0)
        let removed = try await storefront("remove-from-sale", Self.sanctuary)
        #expect(removed.status == 0 && removed.stdout == "Removed \(Self.sanctuary) from sale.\n")

        let refused = try await storefront("buy", Self.sanctuary, "--account", "bob")
        #expect(refused.status == 1)
        #expect(refused.stderr == "storefront: purchase of \(Self.sanctuary) failed: \(Self.sanctuary) is removed from sale; `remove-from-sale \(Self.sanctuary) --put-back` sells it again\n")

        #expect(try await storefront("advance", "1mo").status == 0)
        let lapsed = try await subscription()
        #expect(lapsed["state"] as? String == "expired" && lapsed["expirationReason"] as? String == "productUnavailable")

        #expect(try await storefront("remove-from-sale", Self.sanctuary, "--put-back").stdout == "\(Self.sanctuary) is on sale again.\n")
        #expect(try await storefront("buy", Self.sanctuary, "--account", "bob").status == 0)
        let unknown = try await storefront("remove-from-sale", "com.example.nothing")
        #expect(unknown.status == 1)
    }
}
