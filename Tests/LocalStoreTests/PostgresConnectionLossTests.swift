import Foundation
import LocalStore
import PostgresStore
import StorefrontTestSupport
import Testing

/// What a server restart does to a transaction in the middle: the server closes its
/// connection between two statements. postgres-nio 1.33 never answered a statement written
/// after that, and buyers hung for good after `pg_ctl restart -m fast`.
@Suite("PostgreSQL: a connection closed between two statements") struct PostgresConnectionLossTests {
    @Test("The next statement fails as store unavailable at once, and the next transaction gets a new connection",
          .timeLimit(.minutes(1)))
    func statementAfterTheServerClosedTheConnection() async throws {
        let url = try await PostgresCluster.database()
        let address = try PostgresAddress(url)
        _ = try await PostgresStorage.migrate(address)
        let storage = try await PostgresStorage.open(address)
        // In a task of its own, watched from here: unfixed, the read never ended, and a
        // task that never ends would hang the test run rather than fail it.
        let read = Task {
            try await storage.read { session in
                _ = try await session.transactionRows(account: .local, unfinishedOnly: false)
                // What pg_ctl restart -m fast sends every backend, here to this one alone.
                try await PostgresCluster.sql("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND pid <> pg_backend_pid()
                    """, in: url)
                // Long enough for the client to read the server's goodbye and close its channel.
                try await Task.sleep(for: .seconds(1))
                return try await session.transactionRows(account: .local, unfinishedOnly: false)
            }
        }
        let ended = Ended()
        Task { _ = await read.result; await ended.set() }
        let deadline = ContinuousClock.now + .seconds(15)
        while await !ended.value, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        guard await ended.value else {
            Issue.record("the read's statement after the server closed its connection was never answered")
            return
        }
        switch await read.result {
        case .success: Issue.record("a statement on a connection the server had closed succeeded")
        case .failure(let error):
            guard case .storeUnavailable = storage.ledgerError(error) else {
                Issue.record("expected storeUnavailable, got \(storage.ledgerError(error))")
                return
            }
        }
        // The pool dropped the closed connection: the next read works.
        let rows = try await storage.read { session in try await session.transactionRows(account: .local, unfinishedOnly: false) }
        #expect(rows.isEmpty)
    }
}

private actor Ended {
    private(set) var value = false
    func set() { value = true }
}
