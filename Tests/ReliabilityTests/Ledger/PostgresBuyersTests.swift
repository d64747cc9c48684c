import Foundation
import StorefrontTestSupport
import Testing

/// Four storefront processes at a time buying on one PostgreSQL store: 200 process runs, so
/// it runs in `make check` (RELIABILITY=1) beside the SQLite buyers.
@Suite(.reliabilityRun) struct PostgresBuyersTests {
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
