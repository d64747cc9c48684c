import Foundation
import StorefrontTestSupport
import Testing

/// `serve --ssh` hands its store options to every session: the session's `storefront` reads
/// the same catalog, ledger and test controls the operator gave, in either spelling.
@Suite("storefront serve --ssh: each session gets serve's store options")
struct SSHSessionOptionsTests {
    @Test func aSessionGetsTheStoreOptionsServeWasGiven() async throws {
        let scratch = try TemporaryDirectory()
        let ledger = scratch.url.appendingPathComponent("shared-ledger.sqlite")
        let shop = try await SSHShop(
            ["--catalog=backyardbirds", "--latency", "0", "--original-app-version", "1.0", "--ledger=\(ledger.path)", "--storefront", "JPN"],
            folder: scratch.url
        )
        let key = try await shop.makeKey("ada")
        let entitlements = try await shop.exec(key: key, "entitlements", "--json")
        #expect(entitlements.status == 0, "\(entitlements.stderr)")
        // Grandfathered by --original-app-version 1.0 alone: nothing was bought.
        let named = try #require(try entitlements.object()["entitlements"] as? [[String: Any]])
        #expect(named.map { $0["name"] as? String } == ["Songbird Field Guide"])
        #expect(FileManager.default.fileExists(atPath: ledger.path), "the session did not open --ledger \(ledger.path)")
    }
}
