import Foundation
import StorefrontTestSupport
import Testing

/// Which engine a test's own store runs on.
enum StoreEngine: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }

    /// The store options of a new store of a test's own, its store key (and SQLite file) in
    /// `folder`; on PostgreSQL a new database, migrated.
    ///
    /// ```swift
    /// let store = try await StoreEngine.postgres.storeArguments(in: folder)  // ["--store-key", …, "--store", url]
    /// ```
    func storeArguments(in folder: TemporaryDirectory) async throws -> [String] {
        let key = ["--store-key", folder.url.appendingPathComponent("store-key.pem").path]
        switch self {
        case .sqlite:
            return key + ["--ledger", folder.url.appendingPathComponent("ledger.sqlite").path]
        case .postgres:
            let url = try await PostgresCluster.database()
            let migrated = try await StorefrontCommand.run(["store", "migrate", "--store", url])
            try #require(migrated.status == 0, "\(migrated.stderr)")
            return key + ["--store", url]
        }
    }
}
