import CatalogLayouts
import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport
import TerminalUI
import Testing

// The code of the article "Build a tip jar" (Sources/TerminalUI/TerminalUI.docc), run.
// Each region between `// article:` marks is one of the article's code blocks, as shown
// there (ArticleTests checks it).

@Suite("Article: build a tip jar")
struct BuildATipJarArticle {
    @Test func aTipIsBoughtAndThanked() async throws {
        let catalogURL = PackagePaths.catalog("TipJar")
        // article: begin
        let catalog = try CatalogLoader.load(contentsOf: catalogURL)
        let store = LocalStore(catalog: catalog, ledger: try Ledger(location: .inMemory))
        // article: end
        // article: begin
        let tips = ["extrafine", "fine", "medium"].map { "com.example.tipjar.nib.\($0)" }
        let log = TipLog()
        let tipShop = StoreView(ids: tips)
            .productViewStyle(.compact)
            .onInAppPurchaseStart { product in await log.add(product.displayName) }
        // article: end
        // article: begin
        let layout = StoreLayout(title: "Tip Jar", shops: [
            StoreLayout.Shop(id: "tips", title: "Leave a tip", kind: .store, productIDs: tips),
        ])
        let options = AppOptions(shopViews: ["tips": .store(tipShop)])
        // article: end
        // article: begin
        let app = await HeadlessApp(backend: store, layout: layout, options: options)
        await app.press(.enter)            // open Leave a tip
        await app.press(.down, .enter)     // Buy the Fine Tip: the confirmation sheet
        await app.press(.char("y"))        // confirm
        let screen = await app.render().textLines()
        // screen contains "✓ Thank you!" and "Your Fine Tip purchase is complete."
        // article: end
        #expect(screen.contains { $0.contains("Thank you!") })
        #expect(screen.contains { $0.contains("Your Fine Tip purchase is complete.") })
        #expect(await log.tips == ["Fine Tip"])
    }
}

// article: begin
/// What the tip jar's purchase actions saw.
actor TipLog {
    private(set) var tips: [String] = []
    func add(_ tip: String) { tips.append(tip) }
}
// article: end
