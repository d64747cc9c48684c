import Foundation
import StorefrontTestSupport
import Testing

/// Several hosts in the URL, `target_session_attrs=read-write`: the store writes to the one
/// that takes writes, and finds the new one when its primary dies and a standby is promoted.
/// Each test starts a primary and a synchronous streaming standby of its own.
@Suite("storefront --store postgres://h1,h2/…?target_session_attrs=read-write (real processes, a primary and its standby)")
struct PostgresPrimaryTests {
    /// A consumable: each purchase is a row of its own.
    static let seed = "com.example.backyardbirds.food.sunflower"

    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private func storefront(_ arguments: [String], store: String) throws -> ChildProcess {
        try StorefrontCommand.start(arguments + ["--store", store], environment: ["XDG_DATA_HOME": data.url.path, "HOME": data.url.path])
    }

    private func run(_ arguments: [String], store: String) async throws -> ChildProcess.Output {
        try await storefront(arguments, store: store).wait(timeout: .seconds(90))
    }

    @Test("The standby listed first is passed over for the primary: migrate and buy land there, and reach the standby")
    func primaryFound() async throws {
        try await PostgresServer.withStandby { primary, standby in
            let url = PostgresServer.url([standby, primary])
            let migrated = try await run(["store", "migrate"], store: url)
            #expect(migrated.status == 0, "\(migrated.stderr)")
            let bought = try await run(["buy", Self.seed, "--account", "alice"], store: url)
            #expect(bought.status == 0, "\(bought.stderr)")
            #expect(try await primary.sql("SELECT count(*) FROM transactions") == "1\n")
            #expect(try await standby.sql("SELECT pg_is_in_recovery()") == "t\n")
        }
    }

    @Test("Primary killed, standby promoted 3 s later: a purchase asked meanwhile succeeds, once; the old primary rejoins by pg_rewind")
    func failover() async throws {
        try await PostgresServer.withStandby { primary, standby in
            let url = PostgresServer.url([primary, standby])
            #expect(try await run(["store", "migrate"], store: url).status == 0)
            let first = try await run(["buy", Self.seed, "--account", "alice"], store: url)
            #expect(first.status == 0, "\(first.stderr)")

            try await primary.kill()
            let during = try storefront(["buy", Self.seed, "--account", "alice"], store: url)
            try await Task.sleep(for: .seconds(3))
            try await standby.promote()
            let second = try await during.wait(timeout: .seconds(90))
            #expect(second.status == 0, "a purchase during the failover: \(second.stderr)")

            let listed = try await run(["transactions", "--account", "alice", "--json"], store: url)
            let rows = try listed.array()
            #expect(rows.count == 2, "\(listed.stdout)")
            #expect(rows.allSatisfy { $0["verified"] as? Bool == true })

            try await primary.rejoin(standby)
            let third = try await run(["buy", Self.seed, "--account", "alice"], store: url)
            #expect(third.status == 0, "with the old primary back as a standby: \(third.stderr)")
            #expect(try await primary.sql("SELECT pg_is_in_recovery()") == "t\n")
            // Streaming again: the rejoined standby replays the purchase made after it came back
            // (synchronous_commit on waits for its disk, not its replay: a few tries).
            var replayed = ""
            for _ in 0..<50 where replayed != "3\n" {
                replayed = try await primary.sql("SELECT count(*) FROM transactions")
                if replayed != "3\n" { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(replayed == "3\n")
        }
    }
}
