import LocalStore
import Logging
import NIOSSL
import PostgresNIO

/// A store's address made ready to connect: its password found, its TLS files read. The
/// pool's connections and the lone ones (the checks at open, the change feed, finding the
/// primary) are opened by it alike.
struct PostgresConnectionSettings: Sendable {
    let address: PostgresAddress
    /// Nil for plain TCP or a unix socket.
    let tls: TLSConfiguration?

    /// More than one host, or a kind of host asked for: which one the store uses is found by
    /// `connect`, and found again when it goes (`PostgresPrimary`).
    var findsTarget: Bool {
        address.endpoints.count > 1 || address.sessionTarget != .any
    }

    /// A connection to one of the hosts, the pool's or a lone one. Over TCP with TLS asked
    /// for, its TCP and TLS are opened here (`PostgresSecureChannel`: verify-full's name
    /// checked by libpq's rules) and postgres-nio signs in over them.
    func connection(to endpoint: PostgresAddress.Endpoint, id: Int, logger: Logger) async throws -> PostgresConnection {
        let configuration: PostgresConnection.Configuration
        switch (endpoint, tls) {
        case (.tcp(let host, let port), let tls?):
            let channel = try await PostgresSecureChannel.open(host: host, port: port, tls: tls, mode: address.security.mode)
            configuration = PostgresConnection.Configuration(
                establishedChannel: channel, username: address.user, password: address.password, database: address.database
            )
            do {
                // On the channel's own event loop: postgres-nio sets its pipeline up there.
                return try await PostgresConnection.connect(on: channel.eventLoop, configuration: configuration, id: id, logger: logger)
            } catch {
                try? await channel.close()
                throw error
            }
        case (.tcp(let host, let port), nil):
            configuration = PostgresConnection.Configuration(
                host: host, port: port, username: address.user, password: address.password, database: address.database, tls: .disable
            )
        case (.unixSocket(let path), _):
            configuration = PostgresConnection.Configuration(
                unixSocketPath: path, username: address.user, password: address.password, database: address.database
            )
        }
        return try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
    }

    /// `connect`, asked again for up to `Ledger.reconnectTimeout` while hosts answer but none
    /// is the one asked for, or none answers: with several hosts, a failover is under way.
    func connectWaitingForTarget(id: Int, logger: Logger) async throws -> (PostgresConnection, PostgresAddress.Endpoint) {
        let deadline = ContinuousClock.now + Ledger.reconnectTimeout
        var pause = Duration.milliseconds(100)
        while true {
            do {
                return try await connect(id: id, logger: logger)
            } catch is PostgresErrors.NoTargetHost where ContinuousClock.now + pause < deadline {
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(1))
            }
        }
    }

    /// A connection to the first host, in the URL's order, that `target_session_attrs` takes,
    /// and which host that is. One host's failure is thrown as it is; with several, a server
    /// that refuses to sign us in is thrown as it is, and otherwise `NoTargetHost` says
    /// what each host did.
    func connect(id: Int, logger: Logger) async throws -> (PostgresConnection, PostgresAddress.Endpoint) {
        var failures: [(PostgresAddress.Endpoint, any Error)] = []
        var refusals: [String] = []
        for endpoint in address.endpoints {
            do {
                let connection = try await connection(to: endpoint, id: id, logger: logger)
                do {
                    guard let refusal = try await address.sessionTarget.refusal(connection, logger: logger) else {
                        return (connection, endpoint)
                    }
                    refusals.append("\(endpoint): \(refusal)")
                } catch {
                    failures.append((endpoint, error))
                }
                try? await connection.close()
            } catch {
                failures.append((endpoint, error))
            }
        }
        if address.endpoints.count == 1, refusals.isEmpty, let only = failures.first { throw only.1 }
        if let refused = failures.first(where: { PostgresErrors.isSignInRefusal($0.1) }) { throw refused.1 }
        throw PostgresErrors.NoTargetHost(
            target: address.sessionTarget,
            hosts: refusals + failures.map { "\($0.0): \(PostgresErrors.reason($0.1))" }
        )
    }
}

extension PostgresAddress.Endpoint: CustomStringConvertible {
    /// `host:port`, or the socket's path.
    var description: String {
        switch self {
        case .tcp(let host, let port): "\(host):\(port)"
        case .unixSocket(let path): path
        }
    }
}
