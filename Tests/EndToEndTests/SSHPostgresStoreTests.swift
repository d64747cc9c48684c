import Foundation
import StorefrontTestSupport
import Testing

/// `serve --ssh` on a PostgreSQL store: every session buys into the store the server uses,
/// whether `STOREFRONT_STORE` or `--store` named it, and no session's arguments carry its password.
@Suite("storefront serve --ssh on a PostgreSQL store (OpenSSH, tmux, the test cluster)", .reliabilityRun)
struct SSHPostgresStoreTests {
    /// A migrated database of its own.
    private func migratedStore(data: URL) async throws -> String {
        let store = try await PostgresCluster.database()
        let migrated = try await StorefrontCommand.run(["store", "migrate", "--store", store], environment: ["XDG_DATA_HOME": data.path])
        try #require(migrated.status == 0, "\(migrated.stderr)")
        return store
    }

    /// How many purchases the database holds.
    private func purchases(in store: String) async throws -> Int {
        Int(try await PostgresCluster.sql("SELECT count(*) FROM transactions", in: store).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test("With the store only in serve's environment, a tip bought over ssh is a row in PostgreSQL")
    func storeFromTheEnvironment() async throws {
        let scratch = try TemporaryDirectory()
        let store = try await migratedStore(data: scratch.url.appendingPathComponent("data"))
        let shop = try await SSHShop(["--catalog", "tipjar"], folder: scratch.url, environment: ["STOREFRONT_STORE": store])
        let key = try await shop.makeKey("ada")
        let session = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        _ = try await session.buyFirstTip()
        #expect(try await purchases(in: store) == 1, "the purchase is not in the server's PostgreSQL store")
        let listed = try await shop.exec(key: key, "transactions", "--json")
        #expect(try listed.array().count == 1, "ssh … transactions reads another store: \(listed.stdout) \(listed.stderr)")
    }

    @Test("A store whose server wants a password, given serve only in PGPASSWORD: the session signs in with it and buys")
    func passwordFromPGPASSWORD() async throws {
        let scratch = try TemporaryDirectory()
        let password = "pw-\(UUID().uuidString.prefix(8))"
        let store = try await PostgresCluster.passwordRole(password, in: try await PostgresCluster.database())
        let environment: [String: String?] = ["STOREFRONT_STORE": store, "PGPASSWORD": password]
        let migrated = try await StorefrontCommand.run(
            ["store", "migrate"], environment: environment.merging(["XDG_DATA_HOME": scratch.url.appendingPathComponent("data").path]) { $1 }
        )
        try #require(migrated.status == 0, "\(migrated.stderr)")
        let shop = try await SSHShop(["--catalog", "tipjar"], folder: scratch.url, environment: environment)
        let key = try await shop.makeKey("ada")
        let session = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        _ = try await session.buyFirstTip()
        #expect(try await purchases(in: store) == 1)
    }

    @Test("--store with a password: the session's command line has neither, and its purchase lands in PostgreSQL")
    func passwordNotInArguments() async throws {
        let scratch = try TemporaryDirectory()
        let store = try await migratedStore(data: scratch.url.appendingPathComponent("data"))
        // The test cluster trusts its socket, so any password signs in; what matters is where it shows.
        let secret = "pw-\(UUID().uuidString.prefix(8))"
        let withPassword = store.replacingOccurrences(of: "postgres://storefront@", with: "postgres://storefront:\(secret)@")
        let shop = try await SSHShop(["--catalog", "tipjar", "--store", withPassword], folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let session = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        _ = try await session.screen(showing: "Consumables")
        let child = try #require(shop.children.first, "the session has no storefront child")
        let arguments = try String(contentsOfFile: "/proc/\(child)/cmdline", encoding: .utf8).split(separator: "\0")
        #expect(arguments.first == "storefront", "not the session's child: \(arguments)")
        #expect(!arguments.contains { $0.contains(secret) }, "the password is on the command line: \(arguments)")
        _ = try await session.buyFirstTip()
        #expect(try await purchases(in: store) == 1)
    }
}
