import Foundation
import LocalStore
import StorefrontModel
import StorefrontTesting
import TerminalUI

extension AppHarness {
    /// An app in `language` over a local store (Backyard Birds, in-memory ledger) where the
    /// customer bought `productID` and the app finished it; `prepare` runs on the store
    /// before the app opens, and `adjust` gives the app's options their modifiers.
    static func customer(
        buying productID: String, width: Int = 80, height: Int = 24, language: String = "en",
        options adjust: (AppOptions) -> AppOptions = { $0 },
        beforeOpening prepare: (LocalStore) async throws -> Void = { _ in }
    ) async throws -> (AppHarness, Transaction) {
        let catalog = try BackyardBirds.catalog()
        let clock = VirtualClock()
        let store = LocalStore(
            catalog: catalog, ledger: try Ledger(location: .inMemory),
            clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch), locale: language
        )
        guard case .success(.verified(let bought)) = try await store.buy(productID) else { throw CustomerFixtureError.notBought(productID) }
        try await store.finish(bought)
        try await prepare(store)
        let options = AppOptions(
            render: RenderOptions(language: InterfaceLanguage(matching: language)),
            policies: PolicyLinks(catalog.appPolicies, locale: language)
        )
        let app = await HeadlessApp(
            size: TerminalSize(width: width, height: height), backend: store, layout: try BackyardBirds.layout(),
            options: adjust(options), clock: clock, onSettleTimeout: SettleTimeout.recordIssue
        )
        return (AppHarness(app: app, store: store, clock: clock), bought)
    }
}

enum CustomerFixtureError: Error {
    case notBought(String)
}
