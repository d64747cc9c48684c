import Foundation
import NIOSSL
import PostgresNIO

extension PostgresErrors {
    /// Why TLS to `address` failed, in words a person can act on, or nil for any other failure.
    static func tlsFailure(_ error: any Error, address: PostgresAddress) -> String? {
        let mode = address.security.mode.rawValue
        let root = address.security.rootCertificatePath(environment: ProcessInfo.processInfo.environment) ?? "sslrootcert"
        for cause in causes(of: error) {
            if cause is TLSUnsupported || (cause as? PSQLError)?.code == .sslUnsupported {
                return "the server does not offer TLS, and sslmode=\(mode) requires it "
                    + "(turn ssl on in its postgresql.conf, or connect with sslmode=prefer)"
            }
            if let error = cause as? NIOSSLExtraError, error == .failedToValidateHostname {
                return "the server's certificate is not for \(address.host ?? "this host") "
                    + "(sslmode=verify-full checks the name; connect with a name the certificate gives)"
            }
            if case .handshakeFailed(let reason)? = cause as? NIOSSLError {
                let text = String(describing: reason)
                if text.contains("CERTIFICATE_VERIFY_FAILED") {
                    return "the server's certificate does not verify against \(root) (sslmode=\(mode))"
                }
                return "the TLS handshake failed (\(text))"
            }
        }
        return nil
    }

    /// The error and the ones postgres-nio wrapped it around.
    private static func causes(of error: any Error) -> [any Error] {
        var found: [any Error] = [error]
        while let wrapped = (found.last as? PSQLError)?.underlying, found.count < 8 {
            found.append(wrapped)
        }
        return found
    }
}
