import Foundation
import LocalStore
import StorefrontModel
import StorefrontTestSupport
import Testing

/// What lets a watcher of a big ledger sit idle cheaply: a change marker that moves with every
/// change another process can make, and renewals still recorded when only time passes.
@Suite("Watching the ledger")
struct LedgerWatchingTests {
    @Test("The change marker moves with a purchase, a refund, a renewal preference and store time, and only then")
    func changeMarker() async throws {
        let harness = try StoreHarness()
        let ledger = harness.ledger
        var marker = try await ledger.changeMarker()
        #expect(try await ledger.changeMarker() == marker, "nothing changed")

        let pass = try await harness.buy("pass.gold.monthly")
        let afterPurchase = try await ledger.changeMarker()
        #expect(afterPurchase != marker)
        marker = afterPurchase

        try await ledger.setRenewalPreference(
            RenewalPreference(productID: "pass.bronze.monthly", willAutoRenew: true), originalID: Int64(pass.id)
        )
        let afterPreference = try await ledger.changeMarker()
        #expect(afterPreference != marker)
        marker = afterPreference

        _ = try await ledger.advanceStoreTime(by: 3_600)
        let afterAdvance = try await ledger.changeMarker()
        #expect(afterAdvance != marker)
        marker = afterAdvance

        _ = try await harness.store.refund(transactionID: Int64(pass.id))
        #expect(try await ledger.changeMarker() != marker)
    }

    @Test("With nothing else changing, a watcher records the renewal when the period ends", .timeLimit(.minutes(1)))
    func renewalWhenOnlyTimePasses() async throws {
        let harness = try StoreHarness()
        var updates = await harness.store.updates().makeAsyncIterator()
        let first = try await harness.buy("pass.gold.monthly")
        // One look, 40 days on: the month ended meanwhile, and nothing was written.
        let watcher = try await harness.store.watchLedger(every: .seconds(86_400 * 40))
        defer { watcher.cancel() }

        await harness.watcherLooks(after: .seconds(86_400 * 40))
        let renewal = try #require(await updates.nextTransaction()?.verifiedValue)
        #expect(renewal.originalID == first.id)
        #expect(renewal.purchaseDate == first.expirationDate)
    }

    @Test(
        "On PostgreSQL another process's purchase reaches a watcher at once, and one made while its connection was cut comes when it listens again",
        .timeLimit(.minutes(1))
    )
    func notifiedOnPostgres() async throws {
        let ledger = try await TestLedger(.postgres)
        let watching = try await StoreHarness(on: ledger), buying = try await StoreHarness(on: ledger)
        var updates = await watching.store.updates().makeAsyncIterator()
        // A look the virtual clock never brings: only the change feed can wake the watcher.
        let watcher = try await watching.store.watchLedger(every: .seconds(86_400))
        defer { watcher.cancel() }
        let first = try await buying.buy("coins")
        #expect(try #require(await updates.nextTransaction()?.verifiedValue).id == first.id)

        // The listener's connection is cut, and a purchase lands before it listens again:
        // no notification reaches anyone, so only its catching up can bring it.
        let cut = try await PostgresCluster.sql("""
            SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
                AND (query LIKE 'LISTEN%' OR query LIKE 'SELECT number FROM changes%')
            """, in: try #require(ledger.storeURL))
        #expect(cut.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let missed = try await buying.buy("coins")
        #expect(try #require(await updates.nextTransaction()?.verifiedValue).id == missed.id)
    }
}
