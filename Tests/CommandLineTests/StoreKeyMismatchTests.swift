import Foundation
import StorefrontTestSupport
import Testing

/// A `--store-key` that names the wrong file: a key that signed none of a ledger's rows is
/// refused (77, naming the key file and the ledger), and a new key is made only for an empty store.
@Suite("storefront --store-key that signed none of the ledger's rows (real processes)")
struct StoreKeyMismatchTests {
    static let seeds = "com.example.backyardbirds.food.sunflower"
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: [String], ledger: URL? = nil) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", (ledger ?? folder.database).path], environment: ["XDG_DATA_HOME": folder.url.path])
    }

    /// A ledger with two purchases signed by its own store-key.pem.
    private func boughtTwice() async throws {
        for _ in 0..<2 {
            let bought = try await storefront(["buy", Self.seeds])
            try #require(bought.status == 0, "\(bought.stderr)")
        }
    }

    @Test("A mistyped key path on a ledger with rows: exit 77 naming both, no key made, nothing bought")
    func mistypedPath() async throws {
        try await boughtTwice()
        let typo = folder.url.appendingPathComponent("store-kye.pem")
        for command in [["buy", Self.seeds], ["transactions"]] {
            let refused = try await storefront(command + ["--store-key", typo.path])
            #expect(refused.status == 77, "\(command): \(refused.stderr)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
            #expect(refused.stderr.contains(typo.path) && refused.stderr.contains(folder.database.path), "\(refused.stderr)")
            #expect(refused.stderr.contains("2 transactions"), "\(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: typo.path), "a new key was made for a store with rows")
        let listed = try await storefront(["transactions", "--json"])
        #expect(try listed.array().count == 2)
        #expect(try listed.array().allSatisfy { $0["verified"] as? Bool == true })
    }

    @Test("Another store's key is refused with 77; a key set started by store rotate-key is accepted")
    func otherStoresKeyAndRotation() async throws {
        try await boughtTwice()
        let otherLedger = folder.url.appendingPathComponent("other/ledger.sqlite")
        try #require(try await storefront(["buy", Self.seeds], ledger: otherLedger).status == 0)
        let otherKey = otherLedger.deletingLastPathComponent().appendingPathComponent("store-key.pem")
        let foreign = try await storefront(["buy", Self.seeds, "--store-key", otherKey.path])
        #expect(foreign.status == 77, "\(foreign.stderr)")
        #expect(foreign.stderr.contains("store key \(otherKey.path) signed none of the 2 transactions in \(folder.database.path)"), "\(foreign.stderr)")

        let chosen = folder.url.appendingPathComponent("new-key.pem")
        #expect(try await storefront(["store", "rotate-key", "--store-key", chosen.path]).status == 0)
        let bought = try await storefront(["buy", Self.seeds, "--store-key", chosen.path])
        #expect(bought.status == 0, "\(bought.stderr)")
    }

    @Test("An empty store gets a new key at a new path")
    func emptyStoreMakesAKey() async throws {
        let key = folder.url.appendingPathComponent("fresh.pem")
        let bought = try await storefront(["buy", Self.seeds, "--store-key", key.path])
        #expect(bought.status == 0, "\(bought.stderr)")
        #expect(FileManager.default.fileExists(atPath: key.path))
    }

    @Test("PostgreSQL: a front end whose store key signed none of the store's rows is refused with 77")
    func postgresStore() async throws {
        let store = try await PostgresCluster.database()
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        #expect(try await StorefrontCommand.run(["store", "migrate", "--store", store]).status == 0)
        let bought = try await StorefrontCommand.run(["buy", Self.seeds, "--store", store], environment: ["XDG_DATA_HOME": first.url.path])
        #expect(bought.status == 0, "\(bought.stderr)")
        // The second front end was not given the team's key: its data folder has none.
        let refused = try await StorefrontCommand.run(["buy", Self.seeds, "--store", store], environment: ["XDG_DATA_HOME": second.url.path])
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.contains(store) && refused.stderr.contains("store-key.pem"), "\(refused.stderr)")
        #expect(try await PostgresCluster.sql("SELECT count(*) FROM transactions", in: store).hasPrefix("1"))
    }
}
