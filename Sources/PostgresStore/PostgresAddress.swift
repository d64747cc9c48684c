import Foundation
import PostgresNIO

/// Where a PostgreSQL store is, read from a URL as libpq reads one:
/// `postgres://user[:password]@host[:port]/database`, or a unix socket with
/// `postgres://user@/database?host=/path/to/socket/dir` (the socket `.s.PGSQL.<port>` in it).
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

    var endpoint: Endpoint
    var user: String
    var password: String?
    var database: String
    /// The host as a password file names it: the TCP host, or the socket's folder.
    var passwordFileHost: String
    var port: Int

    /// Reads a `postgres://` or `postgresql://` URL; anything else is refused with what is wrong.
    package init(_ text: String) throws(InvalidPostgresAddress) {
        func invalid(_ reason: String) -> InvalidPostgresAddress { InvalidPostgresAddress(url: text, reason: reason) }
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://"), let components = URLComponents(string: text) else {
            throw invalid("not a URL of the form postgres://user@host:port/database")
        }
        guard let user = components.user, !user.isEmpty else { throw invalid("it names no user (postgres://USER@…)") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw invalid("it names no database (…/DATABASE at the end)")
        }
        let port = components.port ?? 5432
        let socketFolder = components.queryItems?.first { $0.name == "host" }?.value
        if let unknown = components.queryItems?.first(where: { $0.name != "host" }) {
            throw invalid("parameter \(unknown.name) is not supported (only ?host=/path/to/socket/dir)")
        }
        if let socketFolder {
            guard socketFolder.hasPrefix("/") else { throw invalid("?host= must be the socket's folder, an absolute path") }
            endpoint = .unixSocket(path: socketFolder + "/.s.PGSQL.\(port)")
            passwordFileHost = socketFolder
        } else if let host = components.host, !host.isEmpty {
            endpoint = .tcp(host: host, port: port)
            passwordFileHost = host
        } else {
            throw invalid("it names no host (postgres://user@HOST/… or ?host=/path/to/socket/dir)")
        }
        self.user = user
        self.port = port
        password = components.password
        self.database = database
        display = Self.withoutPassword(components)
        urlWithPassword = text
    }

    /// The URL as given, its password included: what a child process is handed in its
    /// environment (never its arguments, which any local user can read). Never shown.
    package let urlWithPassword: String

    /// The same store, with the password libpq would use when the URL gives none:
    /// `PGPASSWORD`, else the password file's first matching line (`PostgresPasswordFile`).
    func withPassword(environment: [String: String]) -> PostgresAddress {
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

    // TLS is not offered yet: a store on another machine is reached over a trusted network.
    var clientConfiguration: PostgresClient.Configuration {
        configuration(
            tcp: { PostgresClient.Configuration(host: $0, port: $1, username: $2, password: $3, database: $4, tls: .disable) },
            unixSocket: PostgresClient.Configuration.init(unixSocketPath:username:password:database:)
        )
    }

    var connectionConfiguration: PostgresConnection.Configuration {
        configuration(
            tcp: { PostgresConnection.Configuration(host: $0, port: $1, username: $2, password: $3, database: $4, tls: .disable) },
            unixSocket: PostgresConnection.Configuration.init(unixSocketPath:username:password:database:)
        )
    }

    /// The pool's and a lone connection's configurations are different types made alike.
    private func configuration<Configuration>(
        tcp: (String, Int, String, String?, String) -> Configuration,
        unixSocket: (String, String, String?, String) -> Configuration
    ) -> Configuration {
        switch endpoint {
        case .tcp(let host, let port): tcp(host, port, user, password, database)
        case .unixSocket(let path): unixSocket(path, user, password, database)
        }
    }
}

/// A `--store` URL that cannot be read.
package struct InvalidPostgresAddress: Error, CustomStringConvertible {
    package var url: String
    package var reason: String

    package var description: String { "\(url): \(reason)" }
}
