import Foundation
import StorefrontTestSupport
import Testing

/// `LANG` alone (no `--locale`) picks the language of product names as it does the
/// interface's, in every command that shows them.
@Suite("The customer's language from LANG (real processes)")
struct CustomerLanguageTests {
    static let seeds = "com.example.backyardbirds.food.sunflower"
    /// Japanese by `LANG` alone: nothing more particular set.
    static let japanese: [String: String?] = ["LANG": "ja_JP.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil, "TERM": nil, "NO_COLOR": nil]

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String..., environment: [String: String?] = japanese) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path], environment: environment)
    }

    @Test("snapshot: a Japanese interface lists the catalog's Japanese names")
    func snapshotNames() async throws {
        let shop = try await storefront("snapshot", "--keys", "down enter", "--after", "1s")
        #expect(shop.status == 0, "\(shop.stderr)")
        #expect(shop.stdout.contains("ひまわりの実"), "\(shop.stdout)")
        #expect(!shop.stdout.contains("Sunflower Hearts"))
        // --locale still wins over LANG, for the words and the names alike.
        let chinese = try await storefront("snapshot", "--keys", "down enter", "--after", "1s", "--locale", "zh_Hans")
        #expect(chinese.stdout.contains("葵花籽仁"), "\(chinese.stdout)")
    }

    @Test("buy and requests name the product in LANG's language; C.UTF-8 keeps the catalog's own")
    func commandNames() async throws {
        let bought = try await storefront("buy", Self.seeds)
        #expect(bought.status == 0, "\(bought.stderr)")
        #expect(bought.stdout.hasPrefix("Bought ひまわりの実 (\(Self.seeds))"), "\(bought.stdout)")
        _ = try await storefront("buy", "com.example.backyardbirds.feeder.copper", "--ask-to-buy")
        let requests = try await storefront("requests", "--json").array()
        #expect(requests.first?["productName"] as? String == "銅のチューブフィーダー")

        let english = try await storefront("buy", Self.seeds, environment: ["LANG": "C.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil])
        #expect(english.stdout.hasPrefix("Bought Sunflower Hearts"), "\(english.stdout)")
    }
}
