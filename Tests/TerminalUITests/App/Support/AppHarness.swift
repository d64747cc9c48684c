import CatalogLayouts
import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport
import StorefrontTesting
import TerminalUI

/// The Backyard Birds catalog and layout from the repository's Resources folder.
enum BackyardBirds {
    static let catalogURL = PackagePaths.catalog("BackyardBirds")
    static let layoutURL = PackagePaths.layouts.appendingPathComponent("BackyardBirds.json")

    static func catalog() throws -> Catalog {
        try CatalogLoader.load(contentsOf: catalogURL)
    }

    static func layout() throws -> StoreLayout {
        try StoreLayout(json: Data(contentsOf: layoutURL), file: "BackyardBirds.json", catalog: catalog())
    }

    // Product IDs, shortened.
    static let sunflower = "com.example.backyardbirds.food.sunflower"
    static let suet = "com.example.backyardbirds.food.suet"
    static let nyjer = "com.example.backyardbirds.food.nyjer"
    static let copperFeeder = "com.example.backyardbirds.feeder.copper"
    static let fieldGuide = "com.example.backyardbirds.guide.songbirds"
    static let sanctuaryMonthly = "com.example.backyardbirds.pass.sanctuary.monthly"
    static let groveMonthly = "com.example.backyardbirds.pass.grove.monthly"
    static let meadowMonthly = "com.example.backyardbirds.pass.meadow.monthly"
}

/// A headless app over a `LocalStore` with an in-memory ledger, both on one virtual clock;
/// a settle that gives up fails the test.
struct AppHarness {
    let app: HeadlessApp
    let store: LocalStore
    let clock: VirtualClock

    static func make(
        width: Int = 80, height: Int = 24,
        catalog: Catalog? = nil,
        controls: StoreControls = StoreControls(),
        layout: StoreLayout? = nil,
        options: AppOptions? = nil
    ) async throws -> AppHarness {
        let catalog = try catalog ?? BackyardBirds.catalog()
        let clock = VirtualClock()
        let store = LocalStore(
            catalog: catalog, ledger: try Ledger(location: .inMemory),
            clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch), controls: controls
        )
        let app = await HeadlessApp(
            size: TerminalSize(width: width, height: height), backend: store,
            layout: try layout ?? BackyardBirds.layout(),
            options: options ?? AppOptions(policies: PolicyLinks(catalog.appPolicies, locale: "en_US")),
            clock: clock, onSettleTimeout: SettleTimeout.recordIssue
        )
        return AppHarness(app: app, store: store, clock: clock)
    }

    /// An 80x24 app opened on `store`, whose history a test made first, with the catalog's
    /// policies.
    static func opening(
        _ store: LocalStore, clock: VirtualClock, catalog: Catalog, options: AppOptions = AppOptions(), layout: StoreLayout? = nil
    ) async throws -> AppHarness {
        var options = options
        options.policies = PolicyLinks(catalog.appPolicies, locale: "en_US")
        let app = await HeadlessApp(
            size: TerminalSize(width: 80, height: 24), backend: store, layout: try layout ?? BackyardBirds.layout(),
            options: options, clock: clock, onSettleTimeout: SettleTimeout.recordIssue
        )
        return AppHarness(app: app, store: store, clock: clock)
    }

    /// The screen's text.
    var text: String {
        get async { await app.screenText }
    }

    /// Whether some row of the screen contains `text`.
    func shows(_ text: String) async -> Bool {
        await app.screenText.contains(text)
    }
}
