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
        #expect(created.stdout.contains("schema version 0 → 11"))
        #expect(try await storefront("store", "migrate", store: store).stdout.contains("up to date"))

        let bought = try await StorefrontCommand.run(
            ["buy", Self.feeder, "--account", "alice", "--store", store], environment: ["XDG_DATA_HOME": data.url.path]
        )
        #expect(bought.status == 0)
        #expect(bought.stderr.isEmpty, "nothing but the purchase: \(bought.stderr)")
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
            #expect(newer.stderr.contains("schema is version 99, newer than this storefront knows (11)"))
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
            // The system's words for the missing socket, not swift-nio's description of its call.
            #expect(output.stderrLines == ["storefront: cannot reach the store \(nowhere): No such file or directory"], "\(output.stderr)")
        }
    }

    @Test("A --store that is not a postgres:// URL is a usage error naming it")
    func badURL() async throws {
        let output = try await StorefrontCommand.run(["transactions", "--store", "mysql://shop"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--store mysql://shop: not a URL of the form postgres://"))
    }
}
