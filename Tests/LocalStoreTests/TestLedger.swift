import Foundation
import LocalStore
import PostgresStore
import StorefrontModel
import StorefrontTestSupport
import Testing

/// The ledger's engines: suites that take one run the same test on each.
enum Engine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }
}

/// One test's ledger on `engine`: the key in a private folder, the rows in a SQLite file
/// there or in a database of its own on the test process's PostgreSQL cluster. Every
/// `open()` reaches the same rows, as another process would.
final class TestLedger: Sendable {
    let engine: Engine
    let folder: LedgerFolder
    private let address: PostgresAddress?
    /// The PostgreSQL store's URL, for editing it behind the ledger's back; nil on SQLite.
    var storeURL: String? { address?.description }

    init(_ engine: Engine) async throws {
        self.engine = engine
        folder = try LedgerFolder()
        guard engine == .postgres else {
            address = nil
            return
        }
        let address = try PostgresAddress(try await PostgresCluster.database())
        _ = try await PostgresStorage.migrate(address)
        self.address = address
    }

    func open(clock: StoreClock = Sample.stoppedClock()) async throws -> Ledger {
        guard let address else { return try folder.openLedger(clock: clock) }
        return try Ledger(
            storage: try await PostgresStorage.open(address), keyBeside: .path(folder.database), environment: [:],
            clock: clock
        )
    }
}
