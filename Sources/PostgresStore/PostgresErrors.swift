#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LocalStore
import PostgresNIO

/// How PostgreSQL's failures read as the ledger's: an unreachable or lost server is
/// `storeUnavailable` (69); anything the server refused names its message.
enum PostgresErrors {
    static func ledgerError(_ error: any Error, store: String) -> LedgerError {
        if isConnectionLost(error) { return .storeUnavailable(store: store, reason: reason(error)) }
        if error is PSQLError { return .cannotWrite(path: store, reason: reason(error)) }
        return Ledger.commonError(error, path: store)
    }

    /// A failed connect: the server refusing to sign us in (77), said in words a person can
    /// act on, or it being out of reach or failing TLS (69).
    static func connectionError(_ error: any Error, address: PostgresAddress) -> LedgerError {
        if let failure = tlsFailure(error, address: address) {
            return .storeUnavailable(store: address.description, reason: failure)
        }
        guard let refusal = signInRefusal(error, address: address) else {
            return .storeUnavailable(store: address.description, reason: reason(error))
        }
        return .signInRefused(store: address.description, reason: refusal)
    }

    /// Whether a failed connect is the server refusing to sign us in, not its absence.
    static func isSignInRefusal(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        return error.serverInfo?[.sqlState]?.hasPrefix("28") == true
            || ([.authMechanismRequiresPassword, .unsupportedAuthMechanism, .saslError] as [PSQLError.Code]).contains(error.code)
    }

    /// A failure after which a store of several hosts looks for the one to write to again:
    /// the server gone, or a standby refusing the write (25006, read_only_sql_transaction).
    static func sendsToAnotherHost(_ error: any Error) -> Bool {
        isConnectionLost(error)
    }

    /// Why the server would not let `address`'s user in, or nil for any other failure.
    private static func signInRefusal(_ error: any Error, address: PostgresAddress) -> String? {
        guard let error = error as? PSQLError else { return nil }
        // Class 28: invalid authorization (a wrong password, no pg_hba.conf line for us).
        if let message = error.serverInfo?[.message], error.serverInfo?[.sqlState]?.hasPrefix("28") == true {
            return message
        }
        let ways = "give one with PGPASSWORD, a line \(address.passwordFileHost):\(address.port):\(address.database):\(address.user):PASSWORD "
            + "in ~/.pgpass (or the file PGPASSFILE names), or in the URL (postgres://\(address.user):PASSWORD@…)"
        let ignored = PostgresPasswordFile(environment: ProcessInfo.processInfo.environment)?.ignoredReason.map { " (\($0))" } ?? ""
        switch error.code {
        case .authMechanismRequiresPassword:
            return address.password == nil
                ? "the server wants a password for user \(address.user) and none was given\(ignored); \(ways)"
                : "the server wants a password for user \(address.user), and refused the one given"
        case .unsupportedAuthMechanism:
            return "the server asks user \(address.user) to sign in with a method this storefront does not support "
                + "(Kerberos, GSSAPI, SSPI or SCM credentials): let it sign in with a password (scram-sha-256, md5 or password in pg_hba.conf) or trust"
        case .saslError:
            return "the server's SCRAM password exchange for user \(address.user) failed: check the password"
        default:
            return nil
        }
    }

    static func isUniqueViolation(_ error: any Error) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState] == "23505"
    }

    /// The server's message, or what stopped the connection.
    static func reason(_ error: any Error) -> String {
        if let error = error as? StoreGone { return error.description }
        // SwiftNIO's words for a closed channel ("I/O on closed channel") are not a person's.
        if let error = error as? ChannelError, closedChannel.contains(error) { return ConnectionClosed().description }
        guard let error = error as? PSQLError else { return systemReason(String(describing: error)) }
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return systemReason(String(describing: underlying)) }
        return error.code.description
    }

    /// How SwiftNIO says a connection is no longer there to read or write.
    private static let closedChannel: [ChannelError] = [.ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed, .eof]

    /// A failed connect in the system's words ("Connection refused"): swift-nio describes it
    /// as the call that failed and the errno ("connect(descriptor:addr:size:): … (errno: 111)"),
    /// wrapped in its pool's summary. Any other text is kept as it is.
    static func systemReason(_ text: String) -> String {
        guard let range = text.range(of: #"\(errno: [0-9]+\)"#, options: .regularExpression),
              let number = Int32(text[range].dropFirst("(errno: ".count).dropLast())
        else { return text }
        return String(cString: strerror(number))
    }

    /// The server out of reach, gone, or not there yet: worth asking again.
    static func isConnectionLost(_ error: any Error) -> Bool {
        // SwiftNIO's own: a connection closed or reset under a statement.
        if error is StoreGone || error is ChannelError || error is IOError { return true }
        guard let error = error as? PSQLError else { return false }
        let lost: [PSQLError.Code] = [
            .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
        ]
        return lost.contains(error.code) || error.serverInfo?[.sqlState].map(isServerGoingAway) == true
            || error.serverInfo?[.sqlState] == readOnlyTransaction
    }

    /// A write a standby refused: its primary is elsewhere now (or was never here), so the
    /// purchase is asked again, as after a lost connection.
    static let readOnlyTransaction = "25006"

    /// The server's own word that it is going away or not there yet: class 08 (connection
    /// exception) and 57P01-57P03 (admin or crash shutdown, "the database system is starting
    /// up"), which a `pg_ctl restart` sends to every open connection.
    static func isServerGoingAway(_ sqlState: String) -> Bool {
        sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    /// Our own words for a store that went away, as postgres-nio has none to give.
    protocol StoreGone: Error, CustomStringConvertible {}

    /// A statement that found its connection closed before it was written.
    struct ConnectionClosed: StoreGone {
        var description: String { "the server closed the connection" }
    }

    /// None of a URL's hosts is the one `target_session_attrs` asks for (yet: a standby
    /// may be being promoted).
    struct NoTargetHost: StoreGone {
        var target: PostgresSessionTarget
        var hosts: [String]
        var description: String {
            let wanted = target == .any ? "answers" : "is \(target.rawValue)"
            return "no host \(wanted) (" + hosts.joined(separator: "; ") + ")"
        }
    }

    /// A transaction whose connection pool was shut down under it, the store having moved to
    /// another host (a standby promoted).
    struct PoolRetired: StoreGone {
        var description: String { "the store moved to another host while the connection was being used" }
    }

    /// A lone connection's TCP connect failed, or the server went quiet before TLS
    /// (`PostgresSecureChannel`); what postgres-nio reports as its connection error.
    struct Unreachable: StoreGone {
        var underlying: any Error
        var description: String { systemReason(String(describing: underlying)) }
    }

    /// The server declined TLS (answered N to the SSLRequest) and the URL's sslmode requires it.
    struct TLSUnsupported: Error {}

    /// No pooled connection came within `PostgresStorage.connectionWait`.
    struct NoConnection: StoreGone {
        var waited: Duration
        var description: String { "no connection to the server within \(waited.components.seconds) s" }
    }
}
