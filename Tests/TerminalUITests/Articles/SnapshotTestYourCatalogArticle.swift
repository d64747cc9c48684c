import CatalogLayouts
import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport
import StorefrontTesting
import TerminalUI
import Testing

// The code of the article "Snapshot-test your catalog" (Sources/StorefrontTesting/
// StorefrontTesting.docc), run against its recording in __Snapshots__. The region between
// `// article:` marks is the article's code block, as shown there (ArticleTests checks it).

/// The catalog under test.
let tipJarURL = PackagePaths.catalog("TipJar")

@Suite("Article: snapshot-test your catalog")
struct SnapshotTestYourCatalogArticle {
    // article: begin
    @Test func tipsOnASmallTerminal() async throws {
        let catalog = try CatalogLoader.load(contentsOf: tipJarURL)
        let clock = VirtualClock()
        let store = LocalStore(catalog: catalog, ledger: try Ledger(location: .inMemory),
                               clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch))
        let app = await HeadlessApp(size: TerminalSize(width: 40, height: 12), backend: store,
                                    layout: StoreLayout(catalog: catalog, title: "Tip Jar"), clock: clock)
        await app.press(.enter)
        await app.wait(.seconds(1))
        await assertSnapshot(of: app, as: .styledScreen)
    }
    // article: end
}
