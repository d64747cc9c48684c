import Foundation
import NIOCore
import NIOSSH

/// One connection's sign-in: public keys only (Ed25519 and ECDSA P-256), admitted by
/// `--authorized-keys` when given, and the account the accepted key names.
///
/// NIOSSH asks only once the client has proved it holds the key (the signature checks);
/// passwords, "none" and keys of other types are refused.
final class PublicKeyGate: NIOSSHServerUserAuthenticationDelegate, @unchecked Sendable {
    private let authorizedKeys: AuthorizedKeys?
    private let lock = NSLock()
    private var signedIn: KeyFingerprint?

    init(authorizedKeys: AuthorizedKeys?) {
        self.authorizedKeys = authorizedKeys
    }

    /// The account of the key that signed in, once one has.
    var account: KeyFingerprint? { lock.withLock { signedIn } }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(
        request: NIOSSHUserAuthenticationRequest,
        responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
        guard case .publicKey(let offer) = request.request, AcceptedKeyType.accepts(offer.publicKey) else {
            return responsePromise.succeed(.failure)
        }
        let fingerprint = KeyFingerprint(offer.publicKey)
        if let authorizedKeys, !authorizedKeys.admits(fingerprint) {
            return responsePromise.succeed(.failure)
        }
        lock.withLock { signedIn = fingerprint }
        responsePromise.succeed(.success)
    }
}
