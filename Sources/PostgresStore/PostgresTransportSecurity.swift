import Foundation
import LocalStore
import NIOSSL

/// TLS to the server, asked for in the URL as libpq users write it: `sslmode`, `sslrootcert`,
/// `sslcert` and `sslkey`. A unix socket never uses TLS, whatever the mode, as with libpq.
///
/// ```swift
/// let address = try PostgresAddress("postgres://shop@db.example/shop?sslmode=verify-full&sslrootcert=/etc/shop/root.crt")
/// ```
struct PostgresTransportSecurity: Sendable, Hashable {
    /// libpq's `sslmode`s, but `allow` (plain first, TLS when refused), which postgres-nio cannot do.
    enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it, its certificate unchecked; libpq's default.
        case prefer
        /// TLS or nothing; the certificate is checked only when `sslrootcert` is given.
        case require
        /// TLS with a certificate that the root certificate signed, for any host name.
        case verifyCA = "verify-ca"
        /// TLS with a certificate that the root certificate signed, for the host connected to.
        case verifyFull = "verify-full"
    }

    var mode: Mode = .prefer
    /// `sslrootcert`: a PEM file of trusted certificates, or `system` for the system's.
    var rootCertificate: String?
    /// `sslcert` and `sslkey`: the client's certificate and its private key (PEM).
    var certificate: String?
    var key: String?

    static let parameters: Set<String> = ["sslmode", "sslrootcert", "sslcert", "sslkey"]

    /// Reads the URL's TLS parameters; `invalid` words a refusal.
    init(_ items: [URLQueryItem], invalid: (String) -> InvalidPostgresAddress) throws(InvalidPostgresAddress) {
        func value(_ name: String) throws(InvalidPostgresAddress) -> String? {
            guard let item = items.first(where: { $0.name == name }) else { return nil }
            guard let value = item.value, !value.isEmpty else { throw invalid("\(name)= needs a value") }
            return value
        }
        if let given = try value("sslmode") {
            guard let mode = Mode(rawValue: given) else {
                throw invalid("sslmode=\(given) is not one of \(Mode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.mode = mode
        }
        rootCertificate = try value("sslrootcert")
        certificate = try value("sslcert")
        key = try value("sslkey")
        if (certificate == nil) != (key == nil) { throw invalid("sslcert= and sslkey= go together: give both or neither") }
    }

    /// Whether the server's certificate is checked, and against what.
    private var verification: CertificateVerification {
        switch mode {
        case .disable, .prefer: .none
        // libpq: a root certificate given under require is checked as verify-ca checks it.
        case .require: rootCertificate == nil ? .none : .noHostnameVerification
        case .verifyCA: .noHostnameVerification
        case .verifyFull: .fullVerification
        }
    }

    /// The root certificate file that verification uses, for messages: the one given, else
    /// libpq's default `~/.postgresql/root.crt`.
    func rootCertificatePath(environment: [String: String]) -> String? {
        if let rootCertificate { return rootCertificate }
        return Self.defaultFile("root.crt", environment: environment)
    }

    /// The files read and checked: nil for `disable`. A client key others may read is
    /// refused (77) as the store key is; a missing or unreadable file is 74, naming it.
    func configuration(environment: [String: String]) throws(LedgerError) -> TLSConfiguration? {
        guard mode != .disable else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = verification
        if verification != .none {
            configuration.trustRoots = try trustRoots(environment: environment)
        }
        if let certificate, let key {
            configuration.certificateChain = try Self.certificates(at: certificate, parameter: "sslcert").map { .certificate($0) }
            let pem = try KeyFile.readPrivate(at: URL(fileURLWithPath: key))
            do {
                configuration.privateKey = .privateKey(try NIOSSLPrivateKey(bytes: Array(pem.utf8), format: .pem))
            } catch {
                throw .invalidKeyFile(path: key, reason: "sslkey= names no PEM private key (\(error))")
            }
        }
        return configuration
    }

    private func trustRoots(environment: [String: String]) throws(LedgerError) -> NIOSSLTrustRoots {
        if rootCertificate == "system" { return .default }
        guard let path = rootCertificatePath(environment: environment) else {
            throw .cannotRead(
                path: "~/.postgresql/root.crt",
                reason: "sslmode=\(mode.rawValue) checks the server's certificate against a root certificate: "
                    + "give sslrootcert=/path/to/root.crt (or sslrootcert=system) in the URL"
            )
        }
        return .certificates(try Self.certificates(at: path, parameter: "sslrootcert"))
    }

    private static func certificates(at path: String, parameter: String) throws(LedgerError) -> [NIOSSLCertificate] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .cannotRead(path: path, reason: "\(parameter)= names a file that cannot be read (\(Ledger.reason(error)))")
        }
        guard let certificates = try? NIOSSLCertificate.fromPEMBytes(Array(data)), !certificates.isEmpty else {
            throw .cannotRead(path: path, reason: "\(parameter)= names a file with no PEM certificate in it")
        }
        return certificates
    }

    private static func defaultFile(_ name: String, environment: [String: String]) -> String? {
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.postgresql/" + name
    }
}
