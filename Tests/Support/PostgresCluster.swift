import Foundation

/// The test process's throwaway PostgreSQL cluster, started by `.ci/postgres-cluster` the
/// first time a test asks for a database, in a temporary folder, on a unix socket only, and
/// stopped when the process exits, whether its tests passed or not.
///
/// Without PostgreSQL installed, every test that asks fails, saying so: never skipped.
///
/// ```swift
/// let url = try await PostgresCluster.database()   // postgres://storefront@/t…?host=/tmp/…
/// ```
public enum PostgresCluster {
    /// A new empty database of its own, as a store URL.
    public static func database() async throws -> String {
        let folder = try await started.get()
        let name = "t" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let output = try await ChildProcess.run(script, ["createdb", folder, name])
        guard output.status == 0 else { throw Failure(message: "createdb \(name): \(output.stderr)") }
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs one SQL statement in the database of `url` (from `database()`), as someone with
    /// psql would, and returns what it printed.
    @discardableResult
    public static func sql(_ statement: String, in url: String) async throws -> String {
        let folder = try await started.get()
        guard let name = URLComponents(string: url)?.path.dropFirst(), !name.isEmpty else {
            throw Failure(message: "\(url) names no database")
        }
        let output = try await ChildProcess.run(script, ["sql", folder, String(name), statement])
        guard output.status == 0 else { throw Failure(message: "\(statement): \(output.stderr)") }
        return output.stdout
    }

    /// Makes a role of its own the owner of the database of `url` (from `database()`), one
    /// the server signs in only with `password` (scram-sha-256, where everyone else is
    /// trusted), and returns that role's store URL, without the password.
    public static func passwordRole(_ password: String, in url: String) async throws -> String {
        let folder = try await started.get()
        guard let name = URLComponents(string: url)?.path.dropFirst(), !name.isEmpty else {
            throw Failure(message: "\(url) names no database")
        }
        let role = "r" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let output = try await ChildProcess.run(script, ["password-role", folder, String(name), role, password])
        guard output.status == 0 else { throw Failure(message: "password-role \(role): \(output.stderr)") }
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    static let script = PackagePaths.root.appendingPathComponent(".ci/postgres-cluster").path

    /// The cluster's folder, started once per process.
    private static let started = Task<String, any Error> {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-pg-\(getpid())", isDirectory: true).path
        // Nothing here must survive a power cut: a test's transactions commit and read back
        // the same without waiting for the disk, and a database per test stays cheap.
        let settings = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"]
        let output = try await ChildProcess.run(script, ["start", folder] + settings, timeout: .seconds(120))
        guard output.status == 0 else {
            throw Failure(message: "cannot start a PostgreSQL cluster for the tests (.ci/install-deps installs it): \(output.stderr)")
        }
        stopping = folder
        atexit { if let stopping { ChildProcess.runBlocking(script, ["stop", stopping]) } }
        return folder
    }

    /// Read by the exit handler, which can capture nothing.
    nonisolated(unsafe) private static var stopping: String?
}
