import Foundation
import StorefrontTestSupport
import Testing

/// `storefront extend`, the developer's control for a renewal-date extension, as typed.
@Suite("extend (real processes)")
struct ExtendCommandTests {
    static let monthly = "com.example.backyardbirds.pass.sanctuary.monthly"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path])
    }

    private func boughtID(_ product: String) async throws -> String {
        let bought = try await storefront("buy", product, "--json")
        let transaction = try #require(try bought.object()["transaction"] as? [String: Any])
        return "\(try #require(transaction["id"] as? Int))"
    }

    @Test("The subscription renews later; the same --request-id changes nothing; a third in a year is refused, exit 1")
    func extend() async throws {
        let id = try await boughtID(Self.monthly)
        let before = try #require(try await storefront("transactions", "--json").array().first?["expirationDate"] as? String)
        let first = try await storefront("extend", id, "10", "--reason", "3", "--request-id", "outage")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Extended subscription \(id) by 10 days: it now renews"))
        #expect(try await storefront("extend", id, "10", "--request-id", "outage").status == 0)
        let after = try #require(try await storefront("transactions", "--json").array().first?["expirationDate"] as? String)
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let moved = try Date(after, strategy: style).timeIntervalSince(try Date(before, strategy: style))
        #expect(moved == 10 * 86_400, "once: \(before) → \(after)")
        #expect(try await storefront("extend", id, "1").status == 0)
        let third = try await storefront("extend", id, "1")
        #expect(third.status == 1)
        #expect(third.stderr.contains("cannot extend subscription \(id): it already had 2 extensions in the past 365 days"), "\(third.stderr)")
    }

    @Test("Bad input gets one line and the right exit code: days out of range 64, a consumable 65")
    func refusals() async throws {
        let id = try await boughtID(Self.monthly)
        let long = try await storefront("extend", id, "91")
        #expect(long.status == 64)
        #expect(long.stderr.contains("DAYS must be 1 to 90, not 91"), "\(long.stderr)")
        let nectar = try await boughtID("com.example.backyardbirds.food.nectar")
        let consumable = try await storefront("extend", nectar, "5")
        #expect(consumable.status == 65, "\(consumable.stderr)")
        #expect(consumable.stderr.contains("cannot extend subscription \(nectar)"))
    }
}
