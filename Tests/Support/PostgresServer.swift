import Foundation

/// A PostgreSQL cluster of one test's own, listening on 127.0.0.1 on a free port (and on a
/// socket in its folder), started by `.ci/postgres-cluster` and stopped by `stop()`. Unlike
/// `PostgresCluster`'s shared one, a test can ask for TLS, and stop or restart it.
///
/// ```swift
/// try await PostgresServer.with(tls: true) { server in
///     let url = server.url + "?sslmode=verify-full&sslrootcert=" + server.certificate("ca.crt")
/// }
/// ```
public final class PostgresServer: Sendable {
    /// The cluster's folder (its data in data/, its certificates in tls/).
    public let folder: String
    /// Its database `storefront` over TCP: `postgres://storefront@127.0.0.1:PORT/storefront`.
    public let url: String
    /// The TCP port it listens on.
    public let port: Int

    /// Starts a cluster. With `tls`, it has ssl=on, a test CA's server certificate for
    /// 127.0.0.1 (not for localhost), refuses TCP sign-ins without TLS, and has a role
    /// `certified`, owner of `storefront`, that signs in only with `certificate("client.crt")`.
    public static func start(tls: Bool, settings: [String] = []) async throws -> PostgresServer {
        try await launch { [tls ? "start-tls" : "start-tcp", $0] + settings }
    }

    /// Runs the `.ci/postgres-cluster` command `arguments(folder)` gives for a new folder,
    /// which ends in the test process's ID, as `.ci/postgres-cluster reap` expects.
    private static func launch(_ arguments: (String) -> [String]) async throws -> PostgresServer {
        let tag = UUID().uuidString.prefix(8).lowercased()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-pg-\(tag)-\(getpid())", isDirectory: true).path
        let output = try await ChildProcess.run(PostgresCluster.script, arguments(folder), timeout: .seconds(180))
        guard output.status == 0 else {
            ChildProcess.runBlocking(PostgresCluster.script, ["stop", folder])
            throw PostgresCluster.Failure(message: "postgres-cluster \(arguments(folder)[0]): \(output.stderr)")
        }
        let url = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = URLComponents(string: url)?.port else {
            throw PostgresCluster.Failure(message: "postgres-cluster printed no TCP URL: \(url)")
        }
        return PostgresServer(folder: folder, url: url, port: port)
    }

    private init(folder: String, url: String, port: Int) {
        self.folder = folder
        self.url = url
        self.port = port
    }

    /// A file `.ci/postgres-cluster certificates` made: ca.crt, other-ca.crt, client.crt, client.key.
    public func certificate(_ name: String) -> String {
        folder + "/tls/" + name
    }

    /// Runs `body` with a cluster started as `start` does, and stops it however `body` ends.
    public static func with<T>(
        tls: Bool, settings: [String] = [], _ body: (PostgresServer) async throws -> T
    ) async throws -> T {
        let server = try await start(tls: tls, settings: settings)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A streaming standby of this cluster (`pg_basebackup -R`), which this one then waits
    /// for at each commit (synchronous_standby_names '*', synchronous_commit on). Stop it too.
    public func startStandby() async throws -> PostgresServer {
        try await Self.launch { ["standby", $0, folder] }
    }

    /// Runs `body` with a cluster (no TLS) and its synchronous streaming standby, both
    /// stopped however `body` ends.
    public static func withStandby<T>(_ body: (_ primary: PostgresServer, _ standby: PostgresServer) async throws -> T) async throws -> T {
        try await with(tls: false) { primary in
            let standby = try await primary.startStandby()
            do {
                let result = try await body(primary, standby)
                await standby.stop()
                return result
            } catch {
                await standby.stop()
                throw error
            }
        }
    }

    /// The store URL naming `servers` in that order, as libpq writes several hosts:
    /// `postgres://storefront@127.0.0.1:P1,127.0.0.1:P2/storefront?target_session_attrs=read-write`.
    public static func url(_ servers: [PostgresServer], target: String = "read-write") -> String {
        "postgres://storefront@" + servers.map { "127.0.0.1:\($0.port)" }.joined(separator: ",")
            + "/storefront?target_session_attrs=\(target)"
    }

    /// `pg_ctl stop -m immediate`: the server dies as in a crash.
    public func kill() async throws {
        try await script("kill")
    }

    /// `pg_ctl promote`: a standby starts taking writes.
    public func promote() async throws {
        try await script("promote")
    }

    /// `pg_rewind`s this killed old primary to `primary` (promoted since) and starts it as
    /// `primary`'s synchronous standby.
    public func rejoin(_ primary: PostgresServer) async throws {
        try await script("rejoin", primary.folder)
    }

    /// Runs one SQL statement in its database `storefront`, as psql would.
    @discardableResult
    public func sql(_ statement: String) async throws -> String {
        try await script("sql", "storefront", statement)
    }

    @discardableResult
    private func script(_ command: String, _ arguments: String...) async throws -> String {
        let output = try await ChildProcess.run(PostgresCluster.script, [command, folder] + arguments, timeout: .seconds(180))
        guard output.status == 0 else { throw PostgresCluster.Failure(message: "postgres-cluster \(command): \(output.stderr)") }
        return output.stdout
    }

    /// Stops the cluster and deletes its folder.
    public func stop() async {
        _ = try? await ChildProcess.run(PostgresCluster.script, ["stop", folder], timeout: .seconds(120))
    }
}
