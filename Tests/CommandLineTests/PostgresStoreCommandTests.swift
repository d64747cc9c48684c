import Foundation
import StorefrontTestSupport
import Testing

/// `--store postgres://…` and `STOREFRONT_STORE`: the store commands on the test cluster.
@Suite("storefront --store postgres:// (real processes)")
struct PostgresStoreCommandTests {
    static let feeder = "com.example.backyardbirds.feeder.copper"

    /// Where the store key lives: beside where the ledger file would be.
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String..., store: String) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(
            arguments, environment: ["STOREFRONT_STORE": store, "XDG_DATA_HOME": data.url.path]
        )
    }

    @Test("migrate creates the schema once; then purchases are shared by every process, per account")
    func migrateBuyAndList() async throws {
        let store = try await PostgresCluster.database()
        let created = try await storefront("store", "migrate", store: store)
        #expect(created.status == 0)
        #expect(created.stdout.contains("schema version 0 → 2"))
        #expect(try await storefront("store", "migrate", store: store).stdout.contains("up to date"))

        let bought = try await StorefrontCommand.run(
            ["buy", Self.feeder, "--account", "alice", "--store", store], environment: ["XDG_DATA_HOME": data.url.path]
        )
        #expect(bought.status == 0, "\(bought.stderr)")
        let alices = try await storefront("transactions", "--account", "alice", "--json", store: store).array()
        #expect(alices.map { $0["productID"] as? String } == [Self.feeder])
        #expect(alices.map { $0["verified"] as? Bool } == [true])
        #expect(try await storefront("transactions", "--account", "bob", "--json", store: store).array().isEmpty)
    }

    @Test("A database without the schema, or with a newer one, is refused with exit 65 saying what to do")
    func schemaChecked() async throws {
        let store = try await PostgresCluster.database()
        let unmigrated = try await storefront("transactions", store: store)
        #expect(unmigrated.status == 65)
        #expect(unmigrated.stderr.contains("run storefront store migrate --store"))

        #expect(try await storefront("store", "migrate", store: store).status == 0)
        try await PostgresCluster.sql("UPDATE storefront_schema SET version = 99", in: store)
        for command in [["transactions"], ["store", "migrate"]] {
            let newer = try await StorefrontCommand.run(
                command + ["--store", store], environment: ["XDG_DATA_HOME": data.url.path]
            )
            #expect(newer.status == 65, "\(command)")
            #expect(newer.stderr.contains("schema is version 99, newer than this storefront knows (2)"))
        }
    }

    @Test("An unreachable server is one line and exit 69")
    func unreachable() async throws {
        let nowhere = "postgres://storefront@/storefront?host=\(data.url.path)"
        for command in [["buy", Self.feeder], ["store", "migrate"]] {
            let output = try await StorefrontCommand.run(
                command + ["--store", nowhere], environment: ["XDG_DATA_HOME": data.url.path]
            )
            #expect(output.status == 69, "\(command)")
            #expect(output.stderrLines.count == 1)
            #expect(output.stderr.hasPrefix("storefront: cannot reach the store \(nowhere): "))
        }
    }

    @Test("A --store that is not a postgres:// URL is a usage error naming it")
    func badURL() async throws {
        let output = try await StorefrontCommand.run(["transactions", "--store", "mysql://shop"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--store mysql://shop: not a URL of the form postgres://"))
    }
}

/// Separate storefront processes buying on one PostgreSQL store at once.
@Suite("Buyers on one PostgreSQL store (real processes)")
struct PostgresBuyersTests {
    static let sunflower = "com.example.backyardbirds.food.sunflower"

    @Test("Four processes buying 50 each over two accounts leave exactly 200 verified transactions", .timeLimit(.minutes(5)))
    func fourBuyers() async throws {
        let data = try TemporaryDirectory()
        let store = try await PostgresCluster.database()
        let environment: [String: String?] = ["STOREFRONT_STORE": store, "XDG_DATA_HOME": data.url.path]
        #expect(try await StorefrontCommand.run(["store", "migrate"], environment: environment).status == 0)
        let accounts = ["alice", "bob"]

        // Each buyer is a stream of processes, one purchase each, alternating accounts.
        let printed = try await withThrowingTaskGroup(of: [String: [Int]].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var ids: [String: [Int]] = [:]
                    for round in 0..<50 {
                        let account = accounts[round % 2]
                        let output = try await StorefrontCommand.run(
                            ["buy", Self.sunflower, "--json", "--account", account], environment: environment
                        )
                        #expect(output.status == 0, "\(output.stderr)")
                        let transaction = try #require(try output.object()["transaction"] as? [String: Any])
                        ids[account, default: []].append(try #require(transaction["id"] as? Int))
                    }
                    return ids
                }
            }
            return try await group.reduce(into: [:]) { $0.merge($1, uniquingKeysWith: +) }
        }

        var total = 0
        for account in accounts {
            let rows = try await StorefrontCommand.run(
                ["transactions", "--json", "--account", account], environment: environment
            ).array()
            #expect(rows.count == 100, "\(account)")
            #expect(rows.allSatisfy { $0["verified"] as? Bool == true })
            #expect(Set(rows.compactMap { $0["id"] as? Int }) == Set(printed[account] ?? []))
            total += rows.count
        }
        #expect(total == 200)
    }
}
