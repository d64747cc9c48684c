import Foundation
import StorefrontTestSupport
import Testing

/// Issue 14's process test: 16 buyers of 200 purchases each, every purchase a `storefront
/// buy` process of its own, over 4 accounts on one PostgreSQL server that is restarted
/// (`pg_ctl restart -m fast`) when half are bought, while random purchases are killed with
/// SIGKILL. Every purchase a buyer was told succeeded is in the ledger exactly once and
/// verified. Thousands of process runs: it runs in `make check` (RELIABILITY=1).
@Suite(.reliabilityRun) struct PostgresRestartTests {
    static let sunflower = "com.example.backyardbirds.food.sunflower"
    static let accounts = ["alice", "bob", "carol", "dave"]
    static let buyers = 16
    static let purchasesEach = 200

    /// What one buyer saw.
    struct Buyer: Sendable {
        var confirmed: [(account: String, id: Int)] = []
        var killed = 0
        /// Purchases refused because the server was down when the process started (exit
        /// 69, one line, nothing printed as bought).
        var unavailable = 0
    }

    /// Confirmed purchases so far, so the restart lands in the middle.
    actor Progress {
        private(set) var confirmed = 0
        func add() { confirmed += 1 }
    }

    @Test("16 buyers × 200 purchases over 4 accounts, a pg_ctl restart -m fast halfway and SIGKILLed buyers: every confirmed purchase recorded exactly once, verified",
          .timeLimit(.minutes(40)))
    func restartAndKills() async throws {
        let script = PackagePaths.root.appendingPathComponent(".ci/postgres-cluster").path
        // A cluster of its own (fsync and synchronous_commit at their defaults, on), since it restarts.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-pg-restart-\(getpid())").path
        let started = try await ChildProcess.run(script, ["start", folder], timeout: .seconds(120))
        try #require(started.status == 0, "cannot start a PostgreSQL cluster: \(started.stderr)")
        defer { _ = ChildProcess.runBlocking(script, ["stop", folder]) }
        let store = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let data = try TemporaryDirectory()
        let environment: [String: String?] = ["STOREFRONT_STORE": store, "XDG_DATA_HOME": data.url.path]
        let migrated = try await StorefrontCommand.run(["store", "migrate"], environment: environment)
        try #require(migrated.status == 0, "\(migrated.stderr)")

        let progress = Progress()
        let total = Self.buyers * Self.purchasesEach
        let restart = Task {
            while await progress.confirmed < total / 2 { try await Task.sleep(for: .milliseconds(100)) }
            return try await ChildProcess.run(script, ["restart", folder], timeout: .seconds(120))
        }
        let seen = try await withThrowingTaskGroup(of: Buyer.self) { group in
            for buyer in 0..<Self.buyers {
                group.addTask { try await Self.buy(as: buyer, environment: environment, progress: progress) }
            }
            return try await group.reduce(into: [Buyer]()) { $0.append($1) }
        }
        let restarted = try await restart.value
        #expect(restarted.status == 0, "pg_ctl restart: \(restarted.stderr)")

        let confirmed = seen.flatMap(\.confirmed)
        let killed = seen.map(\.killed).reduce(0, +)
        #expect(confirmed.count == total)
        var recorded = 0
        for account in Self.accounts {
            let listed = try await StorefrontCommand.run(["transactions", "--json", "--account", account], environment: environment)
            try #require(listed.status == 0, "\(listed.stderr)")
            let rows = try listed.array()
            let ids = rows.compactMap { $0["id"] as? Int }
            #expect(rows.allSatisfy { $0["verified"] as? Bool == true }, "\(account): a row fails verification")
            let counts = Dictionary(ids.map { ($0, 1) }, uniquingKeysWith: +)
            for purchase in confirmed where purchase.account == account {
                #expect(counts[purchase.id] == 1, "\(account): transaction \(purchase.id) was confirmed, and is in the ledger \(counts[purchase.id] ?? 0) times")
            }
            recorded += rows.count
        }
        // A purchase killed after its commit is recorded though nobody was told: at most one a kill.
        #expect((total...(total + killed)).contains(recorded), "\(recorded) recorded, \(total) confirmed, \(killed) killed")
        print("postgres restart: \(total) confirmed, \(recorded) recorded, \(killed) killed, "
              + "\(seen.map(\.unavailable).reduce(0, +)) refused while the server was down")
    }

    /// One buyer: purchases in processes of their own, accounts in turn, until 200 were
    /// confirmed; about one in 60 is killed with SIGKILL at a random moment.
    static func buy(as buyer: Int, environment: [String: String?], progress: Progress) async throws -> Buyer {
        var seen = Buyer()
        while seen.confirmed.count < purchasesEach {
            let account = accounts[(buyer + seen.confirmed.count) % accounts.count]
            let process = try StorefrontCommand.start(
                ["buy", sunflower, "--json", "--account", account], environment: environment, label: "buyer\(buyer)"
            )
            if Int.random(in: 0..<60) == 0 {
                let killAt = ContinuousClock.now + .milliseconds(Int.random(in: 0...400))
                if !(await process.waitForExit(until: killAt)) { process.send(SIGKILL) }
            }
            let output = await process.wait(timeout: .seconds(120))
            if let id = LedgerInspection.confirmedTransactionID(output.stdout) {
                seen.confirmed.append((account, id))
                await progress.add()
            } else if output.signal == SIGKILL {
                seen.killed += 1
            } else {
                #expect(output.status == 69 && output.stderrLines.count == 1, "buyer \(buyer): \(output.status.map(String.init) ?? "-") \(output.stderr)")
                seen.unavailable += 1
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        return seen
    }
}
