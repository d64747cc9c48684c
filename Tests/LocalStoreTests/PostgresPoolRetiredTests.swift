import Foundation
import LocalStore
import PostgresStore
import StorefrontTestSupport
import Testing

/// What a failover does to a transaction started on the pool of a primary that died, while
/// another transaction moves the store to the promoted standby and shuts the old pool down.
/// It used to fail with postgres-nio's poolShutdown, which read as a failed write ("cannot
/// write …"), so the ledger did not ask again and a purchase in a running app was reported
/// failed. Now it either finds the promoted standby itself (the pool reports a dead primary
/// of several hosts at once) or fails as the store gone, which the ledger asks again.
@Suite("PostgreSQL: a transaction on the pool of a primary that died") struct PostgresPoolRetiredTests {
    @Test("When another transaction moves the store to the promoted standby, the other one succeeds there or fails as store unavailable",
          .timeLimit(.minutes(2)))
    func waitingTransactionAcrossAFailover() async throws {
        try await PostgresServer.withStandby { primary, standby in
            let address = try PostgresAddress(PostgresServer.url([primary, standby]))
            _ = try await PostgresStorage.migrate(address)
            let storage = try await PostgresStorage.open(address)
            _ = try await storage.read { session in try await session.transactionRows(account: .local, unfinishedOnly: false) }

            try await primary.kill()
            // The first finds the dead primary, which marks the host lost; the second starts
            // half a second behind it, as the standby is promoted.
            let first = Task { try await storage.read { session in try await session.transactionRows(account: .local, unfinishedOnly: false) } }
            try await Task.sleep(for: .milliseconds(500))
            let waiting = Task { try await storage.read { session in try await session.transactionRows(account: .local, unfinishedOnly: false) } }
            try await standby.promote()
            _ = await first.result
            // The next transaction finds the promoted standby (if the second has not), retiring
            // the old pool, perhaps while the second is still on it.
            let rows = try await storage.read { session in try await session.transactionRows(account: .local, unfinishedOnly: false) }
            #expect(rows.isEmpty)
            switch await waiting.result {
            case .success:
                break  // it found the promoted standby itself
            case .failure(let error):
                let failure = storage.ledgerError(error)
                guard case .storeUnavailable = failure else {
                    Issue.record("a transaction whose pool was retired failed as \(failure), which the ledger does not ask again")
                    return
                }
            }
        }
    }
}
