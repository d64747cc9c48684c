import Foundation
import LocalStore
import StorefrontModel
import StorefrontTesting
import TerminalUI
import Testing

/// A shared store that goes away under a running app (a PostgreSQL server restarting): the
/// app says so and keeps drawing, and says nothing once the store answers again.
@Suite("The store going away under a running app")
struct StoreUnreachableTests {
    /// The ledger's own engine, or the store's word that it cannot be reached while `isDown`.
    final class SwitchableStorage: LedgerStorage, @unchecked Sendable {
        let base: any LedgerStorage
        private let lock = NSLock()
        private var down = false
        var isDown: Bool {
            get { lock.withLock { down } }
            set { lock.withLock { down = newValue } }
        }

        init(_ base: any LedgerStorage) {
            self.base = base
        }

        var name: String { base.name }

        private func answer() throws {
            if isDown { throw LedgerError.storeUnavailable(store: name, reason: "the server closed the connection") }
        }

        func read<T: Sendable>(_ body: @escaping @Sendable (any LedgerStorageSession) async throws -> T) async throws -> T {
            try answer()
            return try await base.read(body)
        }

        func write<T: Sendable>(
            account: CustomerAccount, _ body: @escaping @Sendable (any LedgerStorageSession) async throws -> T
        ) async throws -> T {
            try answer()
            return try await base.write(account: account, body)
        }

        func changeFeed(account: CustomerAccount) -> AsyncStream<Void>? { nil }

        func ledgerError(_ error: any Error) -> LedgerError { base.ledgerError(error) }
    }

    /// Moves the clock a watch interval at a time, giving the watcher real time to look,
    /// until `done` (at most 10 intervals).
    func eventually(_ app: HeadlessApp, _ done: () async -> Bool) async -> Bool {
        for _ in 0..<10 {
            await app.wait(.seconds(1))
            let deadline = ContinuousClock.now + .seconds(3)
            while ContinuousClock.now < deadline {
                await app.settle()
                if await done() { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        return false
    }

    @Test("Store unreachable, retrying: shown while the store is gone, the app still answers keys, gone once it is back")
    func unreachableThenBack() async throws {
        let storage = SwitchableStorage(try Ledger(location: .inMemory).storage)
        let clock = VirtualClock()
        let storeClock = StoreClock(clock, startingAt: HeadlessApp.defaultEpoch)
        let ledger = try Ledger(storage: storage, keyBeside: .inMemory, environment: [:], clock: storeClock)
        let store = LocalStore(catalog: try BackyardBirds.catalog(), ledger: ledger, clock: storeClock)
        let watcher = try await store.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }
        let app = await HeadlessApp(backend: store, layout: try BackyardBirds.layout(), clock: clock,
                                    onSettleTimeout: SettleTimeout.recordIssue)
        await app.settle()
        let message = "Store unreachable, retrying"
        #expect(await !app.screenText.contains(message))

        storage.isDown = true
        let shown = await eventually(app) { await app.screenText.contains(message) }
        let screen = await app.screenText
        #expect(shown, "\(screen)")
        // Still drawing and answering keys: a shop opens over the store list.
        let before = await app.screenText
        await app.press(.enter)
        #expect(await app.screenText != before)
        #expect(await app.screenText.contains(message))

        storage.isDown = false
        let gone = await eventually(app) { await !app.screenText.contains(message) }
        let after = await app.screenText
        #expect(gone, "\(after)")
    }
}
