#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    static func isUniqueViolation(_ error: any Error) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState] == "23505"
    }

    /// The server's message, or what stopped the connection.
    static func reason(_ error: any Error) -> String {
        if let error = error as? StoreGone { return error.description }
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return systemReason(String(describing: underlying)) }
        return error.code.description
    }

    /// A failed connect in the system's words ("Connection refused"): swift-nio describes it
    /// as the call that failed and the errno ("connect(descriptor:addr:size:): … (errno: 111)"),
    /// wrapped in its pool's summary. Any other text is kept as it is.
    static func systemReason(_ text: String) -> String {
        guard let range = text.range(of: #"\(errno: [0-9]+\)"#, options: .regularExpression),
              let number = Int32(text[range].dropFirst("(errno: ".count).dropLast())
        else { return text }
        return String(cString: strerror(number))
    }

    private static func isConnectionLost(_ error: any Error) -> Bool {
        if error is StoreGone { return true }
        guard let error = error as? PSQLError else { return false }
        let lost: [PSQLError.Code] = [
            .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
        ]
        return lost.contains(error.code) || error.serverInfo?[.sqlState].map(isServerGoingAway) == true
    }

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

    /// No pooled connection came within `PostgresStorage.connectionWait`.
    struct NoConnection: StoreGone {
        var waited: Duration
        var description: String { "no connection to the server within \(waited.components.seconds) s" }
    }
}
