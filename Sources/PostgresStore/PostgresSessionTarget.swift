import Foundation
import PostgresNIO

/// libpq's `target_session_attrs`: which of a URL's hosts a connection is for.
enum PostgresSessionTarget: String, Sendable, Hashable, CaseIterable {
    /// The first host that answers; libpq's default.
    case any
    /// A host whose sessions accept writes (`transaction_read_only` off).
    case readWrite = "read-write"
    /// A host that is not a standby (`pg_is_in_recovery()` false).
    case primary

    static let parameter = "target_session_attrs"

    init(_ items: [URLQueryItem], invalid: (String) -> InvalidPostgresAddress) throws(InvalidPostgresAddress) {
        guard let given = items.first(where: { $0.name == Self.parameter })?.value else {
            self = .any
            return
        }
        guard let target = Self(rawValue: given) else {
            throw invalid("\(Self.parameter)=\(given) is not one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = target
    }

    /// Why the server on `connection` is not one this target takes, or nil when it is.
    func refusal(_ connection: PostgresConnection, logger: Logger) async throws -> String? {
        switch self {
        case .any:
            return nil
        case .readWrite:
            let readOnly = try await connection.rows("SHOW transaction_read_only", logger: logger).first?.decode(String.self)
            return readOnly == "off" ? nil : "it is read-only"
        case .primary:
            let standby = try await connection.rows("SELECT pg_is_in_recovery()", logger: logger).first?.decode(Bool.self)
            return standby == false ? nil : "it is a standby"
        }
    }
}
