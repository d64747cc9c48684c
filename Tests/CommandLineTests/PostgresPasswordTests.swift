import Foundation
import StorefrontTestSupport
import Testing

/// A PostgreSQL store whose server wants a password the URL does not carry: found as libpq
/// finds it (`PGPASSWORD`, `PGPASSFILE`, `~/.pgpass`), and said plainly when there is none.
@Suite("storefront --store postgres:// with a password from PGPASSWORD or .pgpass (real processes)")
struct PostgresPasswordTests {
    static let password = "s3cret:word"
    static let tip = "com.example.tipjar.nib.extrafine"

    /// The data folder and HOME: no ~/.pgpass of the machine's is read.
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    /// `storefront arguments… --store url`, with this test's HOME and `environment`.
    private func storefront(_ arguments: [String], store: String, environment: [String: String?] = [:]) async throws -> ChildProcess.Output {
        let base: [String: String?] = ["HOME": home.url.path, "XDG_DATA_HOME": home.url.path, "PGPASSWORD": nil, "PGPASSFILE": nil]
        return try await StorefrontCommand.run(
            arguments + ["--store", store], environment: base.merging(environment) { _, given in given }
        )
    }

    /// A new database owned by a role that must give `password`; its URL without the password.
    private func passwordStore() async throws -> String {
        try await PostgresCluster.passwordRole(Self.password, in: try await PostgresCluster.database())
    }

    /// The line a password file has for `url`: host (the socket folder), port, database, user, password.
    private func passwordFileLine(for url: String) throws -> String {
        let components = try #require(URLComponents(string: url))
        let folder = try #require(components.queryItems?.first { $0.name == "host" }?.value)
        let escaped = Self.password.replacingOccurrences(of: ":", with: "\\:")
        return "\(folder):5432:\(components.path.dropFirst()):\(components.user ?? ""):\(escaped)\n"
    }

    @Test("No password anywhere: exit 77, one line naming the store and the ways to give one")
    func noPassword() async throws {
        let store = try await passwordStore()
        let refused = try await storefront(["store", "migrate"], store: store)
        #expect(refused.status == 77)
        #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains(store))
        #expect(refused.stderr.contains("wants a password"))
        for way in ["PGPASSWORD", ".pgpass", "PGPASSFILE"] { #expect(refused.stderr.contains(way), "\(refused.stderr)") }
        #expect(!refused.stderr.contains("authMechanism"), "Swift's raw error name: \(refused.stderr)")
    }

    @Test("PGPASSWORD signs in: migrate and buy; a wrong one is refused with 77 in the server's words")
    func fromPGPASSWORD() async throws {
        let store = try await passwordStore()
        let migrated = try await storefront(["store", "migrate"], store: store, environment: ["PGPASSWORD": Self.password])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let bought = try await storefront(["buy", Self.tip, "--catalog", "tipjar"], store: store, environment: ["PGPASSWORD": Self.password])
        #expect(bought.status == 0, "\(bought.stderr)")

        let wrong = try await storefront(["transactions", "--catalog", "tipjar"], store: store, environment: ["PGPASSWORD": "nope"])
        #expect(wrong.status == 77)
        #expect(wrong.stderr.contains("password authentication failed"), "\(wrong.stderr)")
    }

    @Test("~/.pgpass and PGPASSFILE sign in; a password file others may read is ignored, and the refusal says so")
    func fromPasswordFile() async throws {
        let store = try await passwordStore()
        let line = try passwordFileLine(for: store)
        let dotFile = home.url.appendingPathComponent(".pgpass")
        try ("# the shop\nother.example:5432:*:*:wrong\n" + line).write(to: dotFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: dotFile.path)
        let migrated = try await storefront(["store", "migrate"], store: store)
        #expect(migrated.status == 0, "~/.pgpass: \(migrated.stderr)")

        try FileManager.default.removeItem(at: dotFile)
        let named = home.url.appendingPathComponent("elsewhere.pass")
        try line.write(to: named, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: named.path)
        let bought = try await storefront(["buy", Self.tip, "--catalog", "tipjar"], store: store, environment: ["PGPASSFILE": named.path])
        #expect(bought.status == 0, "PGPASSFILE: \(bought.stderr)")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: named.path)
        let open = try await storefront(["transactions", "--catalog", "tipjar"], store: store, environment: ["PGPASSFILE": named.path])
        #expect(open.status == 77)
        #expect(open.stderr.contains("\(named.path) was ignored: it has mode 0644"), "\(open.stderr)")
    }
}
