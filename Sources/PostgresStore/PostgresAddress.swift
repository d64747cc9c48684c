import Foundation
import LocalStore
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL store is, read from a URL as libpq reads one:
/// `postgres://user[:password]@host[:port]/database`, or a unix socket with
/// `postgres://user@/database?host=/path/to/socket/dir` (the socket `.s.PGSQL.<port>` in it).
/// TLS over TCP is asked for with libpq's `sslmode`, `sslrootcert`, `sslcert` and `sslkey`
/// (`PostgresTransportSecurity`). Several hosts, `postgres://user@h1:5432,h2:5433/shop`, are
/// tried in turn for the one `target_session_attrs` asks for (`PostgresSessionTarget`).
///
/// ```swift
/// let address = try PostgresAddress("postgres://storefront@/shop?host=/tmp/pg")
/// print(address)  // postgres://storefront@/shop?host=/tmp/pg
/// ```
package struct PostgresAddress: Sendable, Hashable, CustomStringConvertible {
    enum Endpoint: Sendable, Hashable {
        case tcp(host: String, port: Int)
        case unixSocket(path: String)
    }

    /// The hosts in the order given: one, or several for a primary and its standbys.
    var endpoints: [Endpoint]
    /// Which of `endpoints` a connection is for.
    var sessionTarget: PostgresSessionTarget
    /// The first host, the one a password file's line is looked up for.
    var endpoint: Endpoint { endpoints[0] }
    var user: String
    var password: String?
    var database: String
    /// The TCP host's name or address; nil for a unix socket.
    var host: String? {
        if case .tcp(let host, _) = endpoint { host } else { nil }
    }
    /// The host as a password file names it: the TCP host, or the socket's folder.
    var passwordFileHost: String
    var port: Int
    /// TLS as the URL's `sslmode`, `sslrootcert`, `sslcert` and `sslkey` ask for it.
    var security: PostgresTransportSecurity

    /// Reads a `postgres://` or `postgresql://` URL; anything else is refused with what is wrong.
    package init(_ text: String) throws(InvalidPostgresAddress) {
        func invalid(_ reason: String) -> InvalidPostgresAddress { InvalidPostgresAddress(url: text, reason: reason) }
        // URLComponents reads one host: the others are taken out, and read one by one.
        let hostList = Self.hostListRange(text)
        let hosts = hostList.map { text[$0].split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
        var firstHostOnly = text
        if let hostList, hosts.count > 1 { firstHostOnly.replaceSubrange(hostList, with: hosts[0]) }
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://"), let components = URLComponents(string: firstHostOnly) else {
            throw invalid("not a URL of the form postgres://user@host:port/database")
        }
        guard let user = components.user, !user.isEmpty else { throw invalid("it names no user (postgres://USER@…)") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw invalid("it names no database (…/DATABASE at the end)")
        }
        let port = components.port ?? 5432
        let items = components.queryItems ?? []
        let socketFolder = items.first { $0.name == "host" }?.value
        let known = PostgresTransportSecurity.parameters.union(["host", PostgresSessionTarget.parameter])
        if let unknown = items.first(where: { !known.contains($0.name) }) {
            throw invalid(
                "parameter \(unknown.name) is not supported (only "
                    + known.sorted().map { "\($0)=" }.joined(separator: ", ") + ")"
            )
        }
        security = try PostgresTransportSecurity(items, invalid: invalid)
        sessionTarget = try PostgresSessionTarget(items, invalid: invalid)
        if let socketFolder {
            guard socketFolder.hasPrefix("/") else { throw invalid("?host= must be the socket's folder, an absolute path") }
            guard hosts.count < 2 else { throw invalid("several hosts go in the URL's host part, not with ?host=") }
            endpoints = [.unixSocket(path: socketFolder + "/.s.PGSQL.\(port)")]
            passwordFileHost = socketFolder
        } else if let host = components.host, !host.isEmpty {
            endpoints = [.tcp(host: host, port: port)]
            for other in hosts.dropFirst() {
                guard let parsed = URLComponents(string: "postgres://" + other), let name = parsed.host, !name.isEmpty else {
                    throw invalid("\"\(other)\" in its host list is not HOST or HOST:PORT")
                }
                endpoints.append(.tcp(host: name, port: parsed.port ?? 5432))
            }
            passwordFileHost = host
        } else {
            throw invalid("it names no host (postgres://user@HOST/… or ?host=/path/to/socket/dir)")
        }
        self.user = user
        self.port = port
        password = components.password
        self.database = database
        display = Self.withoutPassword(components)
        if hosts.count > 1, let shownHost = Self.hostListRange(display) {
            display.replaceSubrange(shownHost, with: hosts.joined(separator: ","))
        }
        urlWithPassword = text
    }

    /// Where the hosts are in a URL, after `scheme://` and any `user[:password]@`, up to the
    /// path or query: `h1:5432,h2:5433` for libpq's several hosts.
    private static func hostListRange(_ text: String) -> Range<String.Index>? {
        guard let scheme = text.range(of: "://") else { return nil }
        let rest = text[scheme.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let start = rest[..<end].lastIndex(of: "@").map { text.index(after: $0) } ?? scheme.upperBound
        return start..<end
    }

    /// The URL as given, its password included: what a child process is handed in its
    /// environment (never its arguments, which any local user can read). Never shown.
    package let urlWithPassword: String

    /// The same store, with the password libpq would use when the URL gives none:
    /// `PGPASSWORD`, else the password file's first matching line (`PostgresPasswordFile`).
    private func withPassword(environment: [String: String]) -> PostgresAddress {
        guard password == nil else { return self }
        var found = self
        if let given = environment["PGPASSWORD"], !given.isEmpty {
            found.password = given
        } else {
            found.password = PostgresPasswordFile(environment: environment)?
                .password(host: passwordFileHost, port: port, database: database, user: user)
        }
        return found
    }

    /// The URL as given, its password left out: what errors and listings show.
    package var description: String { display }
    private var display: String

    private static func withoutPassword(_ components: URLComponents) -> String {
        var shown = components
        shown.password = nil
        return shown.string ?? "postgres://"
    }

    /// Ready to connect: the password found as libpq finds it (`withPassword`), the TLS
    /// files read and checked.
    func connectionSettings(environment: [String: String]) throws(LedgerError) -> PostgresConnectionSettings {
        let resolved = withPassword(environment: environment)
        let tls: TLSConfiguration? = switch endpoint {
        case .tcp: try security.configuration(environment: environment)
        case .unixSocket: nil  // never TLS, as with libpq
        }
        return PostgresConnectionSettings(address: resolved, tls: tls)
    }
}

/// A `--store` URL that cannot be read.
package struct InvalidPostgresAddress: Error, CustomStringConvertible {
    package var url: String
    package var reason: String

    package var description: String { "\(url): \(reason)" }
}
