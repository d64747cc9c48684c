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
    private let watcher: Task<Void, Never>
    /// The watcher's mark on the clock: its sleeps carry it, so the harness can tell when a
    /// look is over (the app's own tracker ignores an ID it did not make).
    private let watcherActivity: UInt64
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
        let watcherActivity = UInt64.random(in: (1 << 62)...UInt64.max)
        let watcher = try await VirtualClock.$activities.withValue([watcherActivity]) {
            try await store.watchLedger(every: .seconds(1))
        }
        let app = await HeadlessApp(backend: store, layout: try BackyardBirds.layout(), options: options, clock: clock,
                                    onSettleTimeout: SettleTimeout.recordIssue)
        return SharedLedgerHarness(
            app: app, store: store, other: other, watcher: watcher, watcherActivity: watcherActivity, folder: folder
        )
    }

    /// Moves the clock one watch interval (a second) at a time until `done`, at most `rounds`
    /// times. Each time it first lets the watcher finish the look the last one began: it
    /// waits, in real time, until the watcher sleeps on the clock again, then settles the app
    /// on what the look sent. A starved process only makes this slower, never wrong.
    func waitUntil(rounds: Int = 40, sourceLocation: SourceLocation = #_sourceLocation, _ done: () async -> Bool) async {
        for _ in 0..<rounds {
            guard await watcherAsleep(sourceLocation: sourceLocation) else { return }
            await app.settle()
            if await done() { return }
            await app.wait(.seconds(1))
        }
        if await watcherAsleep(sourceLocation: sourceLocation) { await app.settle() }
    }

    /// Whether the watcher sleeps on the clock, its look done, within 30 seconds of real time
    /// (a settle's own limit); records an issue when it does not.
    private func watcherAsleep(sourceLocation: SourceLocation) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !app.clock.sleeping.activities.contains(watcherActivity) {
            guard ContinuousClock.now < deadline else {
                Issue.record("the ledger watcher did not finish a look within 30 s", sourceLocation: sourceLocation)
                return false
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Stops watching and deletes the ledger.
    func close() {
        watcher.cancel()
        try? FileManager.default.removeItem(at: folder)
    }
}
