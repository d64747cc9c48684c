import Foundation
import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// A purchase the store completed while no storefront was open (the customer's session
/// gone, or "Quit anyway") is announced as the app opens, not delivered silently.
@Suite("Delivered while away")
struct DeliveredWhileAwayTests {
    /// A store whose ledger holds a Sunflower Hearts purchase nobody finished, and an app opened on it.
    static func reopened(
        language: InterfaceLanguage = .english, locale: String = "en_US", buying products: [Product.ID] = [BackyardBirds.sunflower]
    ) async throws -> HeadlessApp {
        let catalog = try BackyardBirds.catalog()
        let clock = VirtualClock()
        let store = LocalStore(
            catalog: catalog, ledger: try Ledger(location: .inMemory),
            clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch), locale: locale
        )
        for product in try await store.products(for: products) {
            _ = try await store.purchase(product, options: [])  // left unfinished, as by a storefront that went away
        }
        return await HeadlessApp(
            backend: store, layout: try BackyardBirds.layout(), options: AppOptions(render: RenderOptions(language: language)), clock: clock
        )
    }

    @Test("The next launch says what was delivered while the customer was away")
    func announced() async throws {
        let app = try await Self.reopened()
        let screen = await app.screenText
        #expect(screen.contains("While you were away"), "\(screen)")
        #expect(screen.contains("Sunflower Hearts was delivered."), "\(screen)")
        await app.press(.enter)
        #expect(!(await app.screenText.contains("While you were away")))
    }

    @Test("Two purchases are announced in one plural sentence")
    func severalAnnounced() async throws {
        let app = try await Self.reopened(buying: [BackyardBirds.sunflower, BackyardBirds.suet])
        let screen = await app.screenText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(screen.contains("were delivered."), "\(screen)")
        #expect(!screen.contains("was delivered."), "\(screen)")
    }

    @Test("In the customer's language")
    func announcedInJapanese() async throws {
        let app = try await Self.reopened(language: InterfaceLanguage(matching: "ja"), locale: "ja")
        let screen = await app.screenText
        #expect(screen.contains("ご不在の間に"), "\(screen)")
        #expect(screen.contains("をお届けしました。"), "\(screen)")
    }

    @Test("A launch with nothing left unfinished announces nothing")
    func nothingToAnnounce() async throws {
        let harness = try await AppHarness.make()
        #expect(!(await harness.shows("While you were away")))
    }
}
