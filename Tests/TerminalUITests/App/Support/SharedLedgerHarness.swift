import Foundation
import LocalStore
import StorefrontModel
import TerminalUI

/// A headless app over a store on a ledger file that it watches, as `storefront run` does,
/// and a second store on the same file: what another terminal would do.
struct SharedLedgerHarness {
    let app: HeadlessApp
    let store: LocalStore
    /// The other terminal.
    let other: LocalStore
    private let watcher: Task<Void, Never>
    private let folder: URL

    static func make(controls: StoreControls = StoreControls(), options: AppOptions = AppOptions()) async throws -> SharedLedgerHarness {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ledgerURL = folder.appendingPathComponent("ledger.sqlite")
        let catalog = try BackyardBirds.catalog()
        let clock = VirtualClock()
        let storeClock = StoreClock(clock, startingAt: HeadlessApp.defaultEpoch)
        let store = LocalStore(catalog: catalog, ledger: try Ledger(location: .path(ledgerURL)), clock: storeClock, controls: controls)
        let other = LocalStore(catalog: catalog, ledger: try Ledger(location: .path(ledgerURL)), clock: storeClock, controls: controls)
        let watcher = try await store.watchLedger(every: .seconds(1))
        let app = await HeadlessApp(backend: store, layout: try BackyardBirds.layout(), options: options, clock: clock)
        return SharedLedgerHarness(app: app, store: store, other: other, watcher: watcher, folder: folder)
    }

    /// Moves the clock a second at a time, giving the watcher real time to read the file,
    /// until `done` or `rounds` seconds have passed.
    func waitUntil(rounds: Int = 40, _ done: () async -> Bool) async {
        for _ in 0..<rounds where !(await done()) {
            await app.wait(.seconds(1))
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Stops watching and deletes the ledger.
    func close() {
        watcher.cancel()
        try? FileManager.default.removeItem(at: folder)
    }
}
