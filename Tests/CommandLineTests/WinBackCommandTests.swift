import Foundation
import StorefrontTestSupport
import Testing

/// `storefront buy PRODUCT --win-back OFFER_ID`, run as a real process on a ledger file:
/// Backyard Birds' Grove Monthly has a month free for a churned subscriber.
@Suite("storefront buy --win-back (real processes)")
struct WinBackCommandTests {
    static let grove = "com.example.backyardbirds.pass.grove.monthly"
    static let welcomeBack = "com.example.backyardbirds.pass.grove.welcomeback"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path])
    }

    @Test("Refused, naming the offer, to a customer who never subscribed and to a subscriber; taken once churned")
    func refusedThenTaken() async throws {
        let never = try await storefront("buy", Self.grove, "--win-back", Self.welcomeBack)
        #expect(never.status == 1)
        #expect(never.stdout.isEmpty)
        #expect(never.stderr == "storefront: purchase of \(Self.grove) failed: not eligible for win-back offer \"\(Self.welcomeBack)\" of \(Self.grove): only a churned subscriber of its group (expired, not in billing retry or grace) who meets the offer's terms may take it; eligible now: none\n")

        #expect(try await storefront("buy", Self.grove).status == 0)
        let subscribed = try await storefront("buy", Self.grove, "--win-back", Self.welcomeBack, "--json")
        #expect(subscribed.status == 1)
        let refusal = try #require(try subscribed.object()["error"] as? [String: Any])
        #expect(refusal["code"] as? String == "ineligibleForOffer")
        #expect((refusal["message"] as? String)?.hasPrefix("not eligible for win-back offer \"\(Self.welcomeBack)\"") == true)

        #expect(try await storefront("expire", Self.grove).status == 0)
        let churned = try await storefront("entitlements", "--json")
        let subscriptions = try #require(try churned.object()["subscriptions"] as? [[String: Any]])
        #expect(subscriptions.first?["eligibleWinBackOfferIds"] as? [String] == [Self.welcomeBack])
        let taken = try await storefront("buy", Self.grove, "--win-back", Self.welcomeBack, "--json")
        #expect(taken.status == 0)
        let transaction = try #require(try taken.object()["transaction"] as? [String: Any])
        #expect(transaction["offerType"] as? String == "winBack")
        #expect(transaction["offerID"] as? String == Self.welcomeBack)
        #expect(transaction["price"] as? String == "0")
        let resubscribed = try await storefront("entitlements", "--json")
        let now = try #require(try resubscribed.object()["subscriptions"] as? [[String: Any]])
        #expect(now.first?["eligibleWinBackOfferIds"] as? [String] == [])
    }

    @Test("The text names the win-back offer; an unknown offer is a data error naming the product's offers")
    func textAndUnknownOffer() async throws {
        let unknown = try await storefront("buy", Self.grove, "--win-back", "comeback")
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "storefront: purchase of \(Self.grove) failed: unknown win-back offer \"comeback\" for \(Self.grove): it has \(Self.welcomeBack)\n")

        _ = try await storefront("buy", Self.grove)
        _ = try await storefront("expire", Self.grove)
        let taken = try await storefront("buy", Self.grove, "--win-back", Self.welcomeBack)
        #expect(taken.status == 0)
        #expect(taken.stdout.hasPrefix("Bought Grove Monthly (\(Self.grove)) for $0.00 (free trial, win-back offer \(Self.welcomeBack), until "))
    }
}
