import Foundation
import Synchronization
import LocalStore
import PostgresStore

/// Issue 30's figures: what a synchronous standby costs a purchase, what TLS costs the change
/// feed, and how long a shop cannot sell when its primary dies. Every cluster listens on
/// 127.0.0.1 (`.ci/postgres-cluster start-tcp`, `start-tls`, `standby`), as a store on
/// another machine would be reached.
struct FailoverBench {
    let folder: URL
    let storefront: String

    /// Buyers at once for the purchase rates, as figure 5b's largest count.
    static let buyers = 16
    /// `storefront buy` loops running through each failover.
    static let failoverBuyers = 4

    /// Purchases per second with `buyers` buyers on a primary over TCP, alone and then with a
    /// synchronous standby (synchronous_commit on: each commit waits for the standby's disk).
    func purchaseRates(purchases: Int) async throws -> (alone: Double, synchronous: Double) {
        let primary = folder.appendingPathComponent("rate-primary").path
        let standby = folder.appendingPathComponent("rate-standby").path
        try Self.cluster(["start-tcp", primary])
        defer { try? Self.cluster(["stop", standby]); try? Self.cluster(["stop", primary]) }
        let engine = EngineBench(folder: folder)
        let alone = try await engine.postgres(at: try await database("alone", in: primary), buyers: Self.buyers, purchases: purchases)
        try Self.cluster(["standby", standby, primary])
        let synchronous = try await engine.postgres(at: try await database("synchronous", in: primary), buyers: Self.buyers, purchases: purchases)
        return (alone, synchronous)
    }

    /// Change-feed latencies (as figure 5c) with both the buyer and the app reaching the store
    /// over TLS, `sslmode=verify-full` against the test CA.
    func changeFeedOverTLS(purchases: Int) async throws -> Samples {
        let cluster = folder.appendingPathComponent("tls").path
        try Self.cluster(["start-tls", cluster])
        defer { try? Self.cluster(["stop", cluster]) }
        let plain = try await database("feedtls", in: cluster)
        let secured = try PostgresAddress(plain.description + "?sslmode=verify-full&sslrootcert=\(cluster)/tls/ca.crt")
        return try await ChangeFeedBench(folder: folder, storefront: storefront).latencies(at: secured, purchases: purchases)
    }

    /// Milliseconds from the primary's `pg_ctl stop -m immediate` to the first purchase
    /// started after it to succeed, `runs` times, each on a new primary and synchronous
    /// standby with `failoverBuyers` loops of `storefront buy` processes on the multi-host URL
    /// (`target_session_attrs=read-write`). The standby is promoted as soon as the kill
    /// returns, as a failover manager would: the figure is the store's part, not an operator's.
    func failoverTimes(runs: Int, progress: (String) -> Void) async throws -> Samples {
        var times: [Double] = []
        for run in 1...runs {
            progress("failover \(run) of \(runs): a primary and its synchronous standby, \(Self.failoverBuyers) buyers, the primary killed")
            times.append(try await failover(run))
        }
        return Samples(times)
    }

    private func failover(_ run: Int) async throws -> Double {
        let primary = folder.appendingPathComponent("failover-primary-\(run)").path
        let standby = folder.appendingPathComponent("failover-standby-\(run)").path
        defer { try? Self.cluster(["stop", standby]); try? Self.cluster(["stop", primary]) }
        try Self.cluster(["start-tcp", primary])
        try Self.cluster(["standby", standby, primary])
        let url = "postgres://storefront@127.0.0.1:\(try Self.port(primary)),127.0.0.1:\(try Self.port(standby))/storefront?target_session_attrs=read-write"
        _ = try await PostgresStorage.migrate(try PostgresAddress(url))
        let data = folder.appendingPathComponent("failover-data-\(run)").path
        var environment = ProcessInfo.processInfo.environment
        environment["STOREFRONT_STORE"] = url
        environment["XDG_DATA_HOME"] = data
        let buyers = Buyers(storefront: storefront, environment: environment)
        buyers.start(Self.failoverBuyers)
        defer { buyers.stop() }
        // Purchases going through before the kill.
        guard buyers.waitForSuccess(after: .now, limit: .seconds(30)) != nil else {
            throw BenchError("failover \(run): no purchase succeeded before the kill within 30 s")
        }
        try Self.cluster(["kill", primary])
        let killed = ContinuousClock.now
        try Self.cluster(["promote", standby])
        guard let first = buyers.waitForSuccess(after: killed, limit: .seconds(60)) else {
            throw BenchError("failover \(run): no purchase succeeded within 60 s of the kill")
        }
        return (first - killed).milliseconds
    }

    /// A new database `name` in the TCP cluster in `cluster`, migrated: its address.
    private func database(_ name: String, in cluster: String) async throws -> PostgresAddress {
        let printed = folder.appendingPathComponent("createdb-\(name).txt").path
        try ChildProcess.run(".ci/postgres-cluster", ["createdb", cluster, name], outputPath: printed)
        let address = try PostgresAddress(try String(contentsOfFile: printed, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        _ = try await PostgresStorage.migrate(address)
        return address
    }

    private static func cluster(_ arguments: [String]) throws {
        try ChildProcess.run(".ci/postgres-cluster", arguments, outputPath: "/dev/null")
    }

    private static func port(_ cluster: String) throws -> String {
        try String(contentsOfFile: cluster + "/port", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Loops of `storefront buy` processes, each on an account of its own, noting when each
/// purchase that succeeded started and ended.
private final class Buyers: Sendable {
    let storefront: String
    let environment: [String: String]
    private let state = Mutex<(successes: [(started: ContinuousClock.Instant, ended: ContinuousClock.Instant)], stopping: Bool)>(([], false))
    private let running = DispatchGroup()

    init(storefront: String, environment: [String: String]) {
        self.storefront = storefront
        self.environment = environment
    }

    func start(_ count: Int) {
        for buyer in 0..<count {
            DispatchQueue.global().async(group: running) { self.loop(account: "buyer\(buyer)") }
        }
    }

    /// Asks the loops to stop after their current purchase, and waits for them.
    func stop() {
        state.withLock { $0.stopping = true }
        running.wait()
    }

    /// When the first purchase that started at or after `instant` succeeded; nil when none
    /// did within `limit`.
    func waitForSuccess(after instant: ContinuousClock.Instant, limit: Duration) -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let first = state.withLock({ $0.successes.filter { $0.started >= instant }.map(\.ended).min() }) { return first }
            usleep(5_000)
        }
        return nil
    }

    private func loop(account: String) {
        let null = open("/dev/null", O_RDWR)
        defer { close(null) }
        while !state.withLock({ $0.stopping }) {
            let started = ContinuousClock.now
            guard let child = try? ChildProcess(
                storefront, ["buy", "com.example.backyardbirds.food.sunflower", "--account", account],
                input: null, output: null, error: null, environment: environment
            ) else { return }
            if child.waitForExit() == 0 {
                let ended = ContinuousClock.now
                state.withLock { $0.successes.append((started, ended)) }
            } else {
                // Refused (no primary when it started): the next one, shortly.
                usleep(20_000)
            }
        }
    }
}
