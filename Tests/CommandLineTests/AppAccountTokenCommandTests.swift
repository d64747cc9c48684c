import Foundation
import StorefrontTestSupport
import Testing

/// `storefront buy --app-account-token`, as a developer types it.
@Suite("buy --app-account-token (real processes)")
struct AppAccountTokenCommandTests {
    static let monthly = "com.example.backyardbirds.pass.meadow.monthly"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path])
    }

    @Test("The token is kept on the transaction, in lower case as Apple writes it, with the offer's fields")
    func tokenKept() async throws {
        let token = "8A3C5E52-1D2B-4F6A-9C1E-2B7D4E6F8A90"
        let bought = try await storefront("buy", Self.monthly, "--app-account-token", token, "--json")
        #expect(bought.status == 0, "\(bought.stderr)")
        let transaction = try #require(try bought.object()["transaction"] as? [String: Any])
        #expect(transaction["appAccountToken"] as? String == token.lowercased())
        #expect(transaction["offerDiscountType"] as? String == "FREE_TRIAL")
        #expect(transaction["offerPeriod"] as? String == "P1W")
        let appTransactionID = try #require(transaction["appTransactionId"] as? String)
        #expect(UInt64(appTransactionID) != nil)
        let text = try await storefront("buy", "com.example.backyardbirds.food.nectar")
        #expect(text.status == 0)
        let listed = try await storefront("transactions", "--json").array()
        #expect(listed.compactMap { $0["appTransactionId"] as? String } == [appTransactionID, appTransactionID])
        #expect(listed.last?["appAccountToken"] is NSNull, "no token given, none kept")
    }

    @Test("A token that is not a UUID is refused in one line, exit 64, and nothing is bought")
    func badToken() async throws {
        let refused = try await storefront("buy", Self.monthly, "--app-account-token", "not-a-uuid")
        #expect(refused.status == 64)
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("--app-account-token \"not-a-uuid\" is not a UUID"))
        #expect(try await storefront("transactions", "--json").array().isEmpty)
    }
}
