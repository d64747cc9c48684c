import Foundation
import LocalStore
import StorefrontModel
import StorefrontTesting
import TerminalUI
import Testing

/// A headless app over a store on a ledger file that it watches, as `storefront run` does,
/// and a second store on the same file: what another terminal would do.
struct SharedLedgerHarness {
    let app: HeadlessApp
    let store: LocalStore
    /// The other terminal.
    let other: LocalStore
    private let watch: LedgerWatch
    private let folder: URL

    static func make(controls: StoreControls = StoreControls(), options: AppOptions = AppOptions()) async throws -> SharedLedgerHarness {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ledgerURL = folder.appendingPathComponent("ledger.sqlite")
        let catalog = try BackyardBirds.catalog()
        let clock = VirtualClock()
        let storeClock = StoreClock(clock, startingAt: HeadlessApp.defaultEpoch)
        let ledger = { try Ledger(location: .path(ledgerURL), clock: storeClock) }
        let store = LocalStore(catalog: catalog, ledger: try ledger(), clock: storeClock, controls: controls)
        let other = LocalStore(catalog: catalog, ledger: try ledger(), clock: storeClock, controls: controls)
        let watch = try await LedgerWatch(store, on: clock)
        let app = await HeadlessApp(backend: store, layout: try BackyardBirds.layout(), options: options, clock: clock,
                                    onSettleTimeout: SettleTimeout.recordIssue)
        return SharedLedgerHarness(app: app, store: store, other: other, watch: watch, folder: folder)
    }

    /// Lets the app's ledger watcher take one look (a second on the clock), and the app
    /// handle what it found: what the other terminal wrote before this call is on screen.
    func look(sourceLocation: SourceLocation = #_sourceLocation) async {
        await watch.look(app, sourceLocation: sourceLocation)
    }

    /// Subscribes to Sanctuary Monthly in the app (the pass's first plan) and opens Your
    /// Purchases, where it renews on 1 February.
    func subscribeAndOpenPurchases() async {
        await app.press(.enter)              // Backyard Birds Pass
        await app.press(.enter, .char("y"))  // Sanctuary Monthly
        await app.press(.enter, .esc, .end, .enter)  // OK, back, Your Purchases
    }

    /// The app's status of its Backyard Birds Pass subscription, as its storefront last read it.
    func passStatus() async throws -> Product.SubscriptionInfo.Status? {
        let groupID = try #require(try BackyardBirds.layout().shops.first?.groupID)
        return await app.storefront.snapshot.entitlements.value?.subscriptionGroup(groupID).statuses.first
    }

    /// Stops watching and deletes the ledger.
    func close() {
        watch.cancel()
        try? FileManager.default.removeItem(at: folder)
    }
}
