import Foundation
import StorefrontTestSupport
import Testing

/// `--storefront` in another currency than the catalog's keeps the catalog's numbers (as
/// Xcode does) and says so once: in `catalog`, `buy` and the app's header.
@Suite("Prices of another storefront's currency (real processes)")
struct RepricingTests {
    static let note = "Prices are the catalog's own USD amounts, shown in JPY: a .storekit file has one price per product (as in Xcode's StoreKit Testing)."
    static let english: [String: String?] = ["LANG": "C.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil, "TERM": nil, "NO_COLOR": nil]

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments, environment: Self.english)
    }

    @Test("catalog --storefront JPN says the dollar prices show as yen; GBR's own catalog says nothing more")
    func catalogSays() async throws {
        let summary = try await storefront("catalog", "backyardbirds", "--storefront", "JPN")
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdoutLines.filter { $0 == Self.note }.count == 1, "\(summary.stdout)")
        let json = try await storefront("catalog", "backyardbirds", "--storefront", "jpn", "--json").object()
        #expect(json["currency"] as? String == "USD")
        #expect(json["sellingCurrency"] as? String == "JPY")
        let own = try await storefront("catalog", "tipjar", "--storefront", "GBR")
        #expect(!own.stdout.contains("Prices are"))
        let bad = try await storefront("catalog", "tipjar", "--storefront", "XYZ")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--storefront \"XYZ\""))
    }

    @Test("buy --storefront JPN prints the yen price and the note once; in the catalog's own storefront, no note")
    func buySays() async throws {
        let ledger = ["--ledger", folder.database.path]
        let bought = try await StorefrontCommand.run(
            ["buy", "com.example.backyardbirds.feeder.copper", "--storefront", "JPN"] + ledger, environment: Self.english
        )
        #expect(bought.status == 0, "\(bought.stderr)")
        #expect(bought.stdoutLines.count == 2)
        #expect(bought.stdoutLines.first?.contains("for ¥5") == true, "\(bought.stdout)")
        #expect(bought.stdoutLines.last == Self.note)
        let home = try await StorefrontCommand.run(["buy", "com.example.backyardbirds.food.sunflower"] + ledger, environment: Self.english)
        #expect(home.stdoutLines.count == 1, "\(home.stdout)")
    }

    @Test("The app's header says it once; the catalog's own storefront shows no note")
    func headerSays() async throws {
        let japan = try await storefront("snapshot", "--storefront", "JPN", "--keys", "enter", "--after", "1s")
        #expect(japan.status == 0, "\(japan.stderr)")
        let header = try #require(japan.stdoutLines.first)
        #expect(header.hasSuffix("Catalog's USD prices, shown in JPY "), "\(header)")
        #expect(japan.stdout.components(separatedBy: "Catalog's USD").count == 2)
        #expect(japan.stdout.contains("¥10 / month"), "\(japan.stdout)")
        let home = try await storefront("snapshot", "--keys", "enter", "--after", "1s")
        #expect(!home.stdout.contains("Catalog's"))
    }
}
