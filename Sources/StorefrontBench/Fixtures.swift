import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import TerminalUI

/// Generated catalogs, each written once per run by the real command
/// (`storefront catalog --generate N > file`) into a temporary folder that goes away
/// with the run.
final class GeneratedCatalogs {
    let folder: URL
    let storefront: String
    private var loaded: [Int: Catalog] = [:]

    init(storefront: String) throws {
        self.storefront = storefront
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The `.storekit` file with `productCount` products, generated on first use.
    func file(productCount: Int) throws -> URL {
        let url = folder.appendingPathComponent("Generated\(productCount).storekit")
        if !FileManager.default.fileExists(atPath: url.path) {
            try ChildProcess.run(storefront, ["catalog", "--generate", String(productCount)], outputPath: url.path)
        }
        return url
    }

    /// That file, loaded.
    func catalog(productCount: Int) throws -> Catalog {
        if let catalog = loaded[productCount] { return catalog }
        let catalog = try CatalogLoader.load(contentsOf: file(productCount: productCount))
        loaded[productCount] = catalog
        return catalog
    }

    /// A layout file with one product-list shop of every product in the catalog, in
    /// catalog order: the largest list the app can be asked to show.
    func allProductsLayout(productCount: Int) throws -> URL {
        let url = folder.appendingPathComponent("AllProducts\(productCount).json")
        if !FileManager.default.fileExists(atPath: url.path) {
            let ids = try catalog(productCount: productCount).products.map(\.id)
            let shop: [String: Any] = ["id": "all", "title": "All products", "kind": "store", "productIDs": ids]
            let data = try JSONSerialization.data(withJSONObject: ["title": "Generated", "shops": [shop]])
            try data.write(to: url)
        }
        return url
    }
}

/// The app as the customer sees it, headless: a store list with one shop listing every
/// product of `catalog`, over a `LocalStore` with an in-memory ledger.
enum AppFixture {
    /// The one shop's layout.
    static func allProducts(_ catalog: Catalog) -> StoreLayout {
        StoreLayout(title: "Generated", shops: [
            StoreLayout.Shop(id: "all", title: "All products", kind: .store, productIDs: catalog.products.map(\.id)),
        ])
    }

    /// A store over `catalog`; every call takes `latency` on `clock`.
    static func store(_ catalog: Catalog, clock: VirtualClock, latency: Latency = .none) throws -> LocalStore {
        var controls = StoreControls(settings: catalog.settings)
        controls.latency = latency
        return LocalStore(
            catalog: catalog, ledger: try Ledger(location: .inMemory),
            clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch), controls: controls
        )
    }

    /// A headless app at `size` with the all-products shop open and loaded.
    static func openShop(_ catalog: Catalog, size: TerminalSize) async throws -> HeadlessApp {
        let clock = VirtualClock()
        let app = await HeadlessApp(size: size, backend: try store(catalog, clock: clock), layout: allProducts(catalog), clock: clock)
        await app.press(.enter)
        return app
    }
}
