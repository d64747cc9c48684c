import CatalogLayouts
import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTesting
import TerminalUI
import Testing

@Test func birdFood() async throws {
    let catalogURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("MyApp.storekit")
    let catalog = try CatalogLoader.load(contentsOf: catalogURL)
    let clock = VirtualClock()
    let store = LocalStore(catalog: catalog, ledger: try Ledger(location: .inMemory),
                           clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch))
    let app = await HeadlessApp(backend: store, layout: StoreLayout(catalog: catalog, title: "My App"), clock: clock)
    await app.press(.down, .enter)
    await app.wait(.seconds(1))
    await assertSnapshot(of: app, as: .screen)
    await assertSnapshot(of: app, as: .styledScreen)
    await assertSnapshot(of: app, as: .svg(theme: .light, title: "My App"))
}
