import Foundation
import LocalStore
import PostgresStore
import StorefrontTestSupport
import Testing

/// What a failover does to a transaction still waiting for a connection to the dead primary
/// when another transaction finds the promoted standby: the store shuts the old pool down,
/// and the waiting transaction fails with postgres-nio's poolShutdown. That read as a failed
/// write ("cannot write …"), so the ledger did not ask again and a purchase in a running app
/// was reported failed; it is the store gone, asked again on the new primary.
@Suite("PostgreSQL: a transaction waiting on the pool of a primary that died") struct PostgresPoolRetiredTests {
    @Test("When another transaction moves the store to the promoted standby, the waiting one fails as store unavailable",
          .timeLimit(.minutes(2)))
    func waitingTransactionAcrossAFailover() async throws {
        try await PostgresServer.withStandby { primary, standby in
            let address = try PostgresAddress(PostgresServer.url([primary, standby]))
            _ = try await PostgresStorage.migrate(address)
            let storage = try await PostgresStorage.open(address)
            _ = try await storage.read { session in try await session.transactionRows(account: .local, unfinishedOnly: false) }

            try await primary.kill()
            // The first waits for a connection to the dead primary until its wait gives up,
            // which marks the host lost; the second waits half a second behind it.
            let first = Task { try await storage.read { session in try await session.transactionRows(account: .local, unfinishedOnly: false) } }
            try await Task.sleep(for: .milliseconds(500))
            let waiting = Task { try await storage.read { session in try await session.transactionRows(account: .local, unfinishedOnly: false) } }
            try await standby.promote()
            _ = await first.result
            // The next transaction finds the promoted standby, retiring the old pool while the
            // second still waits on it.
            let rows = try await storage.read { session in try await session.transactionRows(account: .local, unfinishedOnly: false) }
            #expect(rows.isEmpty)
            switch await waiting.result {
            case .success:
                Issue.record("a transaction on the dead primary's pool succeeded")
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
