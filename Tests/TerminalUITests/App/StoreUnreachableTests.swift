import Foundation
import LocalStore
import StorefrontModel
import StorefrontTesting
import Synchronization
import TerminalUI
import Testing

/// A shared store that goes away under a running app (a PostgreSQL server restarting): the
/// app says so and keeps drawing, and says nothing once the store answers again.
@Suite("The store going away under a running app")
struct StoreUnreachableTests {
    /// The ledger's own engine, or the store's word that it cannot be reached while `isDown`.
    final class SwitchableStorage: LedgerStorage {
        let base: any LedgerStorage
        private let down = Atomic(false)
        var isDown: Bool {
            get { down.load(ordering: .sequentiallyConsistent) }
            set { down.store(newValue, ordering: .sequentiallyConsistent) }
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

    @Test("Store unreachable, retrying: shown while the store is gone, the app still answers keys, gone once it is back")
    func unreachableThenBack() async throws {
        let storage = SwitchableStorage(try Ledger(location: .inMemory).storage)
        let clock = VirtualClock()
        let storeClock = StoreClock(clock, startingAt: HeadlessApp.defaultEpoch)
        let ledger = try Ledger(storage: storage, keyBeside: .inMemory, environment: [:], clock: storeClock)
        let store = LocalStore(catalog: try BackyardBirds.catalog(), ledger: ledger, clock: storeClock)
        let watch = try await LedgerWatch(store, on: clock)
        defer { watch.cancel() }
        let app = await HeadlessApp(backend: store, layout: try BackyardBirds.layout(), clock: clock,
                                    onSettleTimeout: SettleTimeout.recordIssue)
        await app.settle()
        let message = "Store unreachable, retrying"
        #expect(await !app.screenText.contains(message))

        storage.isDown = true
        await watch.look(app)  // the watcher's next look finds the store gone
        let screen = await app.screenText
        #expect(screen.contains(message), "\(screen)")
        // Still drawing and answering keys: a shop opens over the store list.
        let before = await app.screenText
        await app.press(.enter)
        #expect(await app.screenText != before)
        #expect(await app.screenText.contains(message))

        storage.isDown = false
        await watch.look(app)  // and the next one finds it back
        let after = await app.screenText
        #expect(!after.contains(message), "\(after)")
    }
}
