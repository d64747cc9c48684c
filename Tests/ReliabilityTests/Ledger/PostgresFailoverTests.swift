import Foundation
import StorefrontTestSupport
import Testing

/// Issue 30's failover test: a primary with a synchronous standby, 8 buyers whose every
/// purchase is a `storefront buy` process of its own on the multi-host URL
/// (`target_session_attrs=read-write`), over 4 accounts. A third of the way in the primary
/// dies (`pg_ctl stop -m immediate`) and the standby is promoted 2 s later; nobody tells the
/// buyers. Every purchase reported as bought is in the ledger once and verifies, nothing
/// reported failed is in it (the buyer asks again, and only that retry is), and the old
/// primary comes back as a standby by `pg_rewind`.
/// Hundreds of process runs and three servers: it runs in `make check` (RELIABILITY=1).
@Suite(.reliabilityRun) struct PostgresFailoverTests {
    static let sunflower = "com.example.backyardbirds.food.sunflower"
    static let accounts = ["alice", "bob", "carol", "dave"]
    static let buyers = 8
    static let purchasesEach = 30
    /// How long no host takes writes: the primary is dead and the standby not yet promoted.
    static let leaderless: Duration = .seconds(2)

    /// What one buyer was told.
    struct Buyer: Sendable {
        var confirmed: [(account: String, id: Int)] = []
        /// Purchases reported failed (exit 69, one line), each on the account it was for.
        var failed: [String] = []
    }

    /// Purchases reported so far, so the kill lands mid-load, and when the first came after it.
    actor Progress {
        private(set) var confirmed = 0
        private(set) var killedAt: ContinuousClock.Instant?
        private(set) var firstAfterKill: Duration?

        func add() {
            confirmed += 1
            if let killedAt, firstAfterKill == nil { firstAfterKill = .now - killedAt }
        }

        func killed() { killedAt = .now }
    }

    @Test("8 buyers over 4 accounts, the primary killed mid-load and its synchronous standby promoted: every purchase bought is there once and verifies, none failed is, the old primary rejoins",
          .timeLimit(.minutes(15)))
    func primaryKilledUnderLoad() async throws {
        try await PostgresServer.withStandby { primary, standby in
            let home = try ScratchDirectory("failover")
            let environment: [String: String?] = ["STOREFRONT_STORE": PostgresServer.url([primary, standby])]
            let migrated = try await StorefrontCommand.run(["store", "migrate"], home: home.url, environment: environment)
            try #require(migrated.status == 0, "\(migrated.stderr)")

            let progress = Progress()
            let total = Self.buyers * Self.purchasesEach
            let failover = Task {
                while await progress.confirmed < total / 3 { try await Task.sleep(for: .milliseconds(50)) }
                try await primary.kill()
                await progress.killed()
                try await Task.sleep(for: Self.leaderless)
                try await standby.promote()
            }
            let folder = home.url
            let seen = try await withThrowingTaskGroup(of: Buyer.self) { group in
                for buyer in 0..<Self.buyers {
                    group.addTask { try await Self.buy(as: buyer, home: folder, environment: environment, progress: progress) }
                }
                return try await group.reduce(into: [Buyer]()) { $0.append($1) }
            }
            try await failover.value

            let confirmed = seen.flatMap(\.confirmed)
            let failed = seen.flatMap(\.failed)
            var recorded = 0
            for account in Self.accounts {
                let listed = try await StorefrontCommand.run(["transactions", "--json", "--account", account], home: home.url, environment: environment)
                try #require(listed.status == 0, "\(listed.stderr)")
                let rows = try listed.array()
                #expect(rows.allSatisfy { $0["verified"] as? Bool == true }, "\(account): a row fails verification")
                let counts = Dictionary(rows.compactMap { $0["id"] as? Int }.map { ($0, 1) }, uniquingKeysWith: +)
                let told = Set(confirmed.filter { $0.account == account }.map(\.id))
                for id in told {
                    #expect(counts[id] == 1, "\(account): transaction \(id) was reported bought, and is in the ledger \(counts[id] ?? 0) times")
                }
                // A purchase reported failed that landed anyway would be a row nobody was told of
                // (seen before `buy` read its own purchase back through the outage: the primary
                // died after the COMMIT, the read failed at once, and the retry bought again).
                let untold = counts.keys.filter { !told.contains($0) }.sorted()
                #expect(untold.isEmpty, "\(account): transactions \(untold) are in the ledger, and no buyer was told they were bought")
                recorded += rows.count
            }
            #expect(confirmed.count == total)
            #expect(recorded == confirmed.count, "\(recorded) recorded, \(confirmed.count) reported bought")

            // The old primary follows the new one: rewound, streaming, and holding what it holds.
            try await primary.rejoin(standby)
            #expect(try await primary.sql("SELECT pg_is_in_recovery()") == "t\n")
            let after = try await StorefrontCommand.run(["buy", Self.sunflower, "--account", "alice"], home: home.url, environment: environment)
            #expect(after.status == 0, "a purchase with the old primary back as a standby: \(after.stderr)")
            let expected = "\(recorded + 1)\n"
            var replayed = ""
            for _ in 0..<100 where replayed != expected {
                replayed = try await primary.sql("SELECT count(*) FROM transactions")
                if replayed != expected { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(replayed == expected, "the rejoined standby holds \(replayed) purchases, the primary \(expected)")
            let firstAfterKill = await progress.firstAfterKill
            print("postgres failover: \(confirmed.count) bought, \(failed.count) failed (and asked again), \(recorded) recorded; "
                  + "first purchase reported after the kill \(firstAfterKill.map { "\($0)" } ?? "none") (promotion \(Self.leaderless) after it)")
        }
    }

    /// One buyer: purchases in processes of their own, accounts in turn, until 30 were
    /// reported bought; a purchase reported failed is asked again on the same account, as a
    /// customer would.
    static func buy(as buyer: Int, home: URL, environment: [String: String?], progress: Progress) async throws -> Buyer {
        var seen = Buyer()
        while seen.confirmed.count < purchasesEach {
            let account = accounts[(buyer + seen.confirmed.count) % accounts.count]
            let output = try await StorefrontCommand.run(
                ["buy", sunflower, "--json", "--account", account], home: home, environment: environment,
                label: "buyer\(buyer)", timeout: .seconds(120)
            )
            if let id = LedgerInspection.confirmedTransactionID(output.stdout) {
                seen.confirmed.append((account, id))
                await progress.add()
            } else {
                #expect(output.status == 69 && output.stderrLines.count == 1, "buyer \(buyer): \(output.status.map(String.init) ?? "-") \(output.stderr)")
                seen.failed.append(account)
                try #require(seen.failed.count < 20, "buyer \(buyer): 20 purchases failed, the last: \(output.stderr)")
            }
        }
        return seen
    }
}
