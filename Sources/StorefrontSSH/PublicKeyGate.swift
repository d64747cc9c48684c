import Foundation
import NIOCore
import NIOSSH
import Synchronization

/// One connection's sign-in: public keys only (Ed25519 and ECDSA P-256), admitted by
/// `--authorized-keys` when given (a line's `from=` against the client's address), and
/// the account the accepted key names with what its line allows.
///
/// NIOSSH asks only once the client has proved it holds the key (the signature checks);
/// passwords, "none" and keys of other types are refused.
final class PublicKeyGate: NIOSSHServerUserAuthenticationDelegate, Sendable {
    private let authorizedKeys: AuthorizedKeysFile?
    private let address: String?
    private let signedInNow: @Sendable () -> Void
    private let signedIn = Mutex<(account: KeyFingerprint, options: KeyOptions)?>(nil)

    /// `address` is the client's IP address; `signedInNow` is called once, when a key is accepted.
    init(authorizedKeys: AuthorizedKeysFile?, address: String?, signedInNow: @escaping @Sendable () -> Void) {
        self.authorizedKeys = authorizedKeys
        self.address = address
        self.signedInNow = signedInNow
    }

    /// The account of the key that signed in, once one has.
    var account: KeyFingerprint? { signedIn.withLock { $0?.account } }

    /// What the accepted key's line allows (everything without `--authorized-keys`).
    var options: KeyOptions { signedIn.withLock { $0?.options ?? KeyOptions() } }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(
        request: NIOSSHUserAuthenticationRequest,
        responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
        guard case .publicKey(let offer) = request.request, AcceptedKeyType.accepts(offer.publicKey) else {
            return responsePromise.succeed(.failure)
        }
        let fingerprint = KeyFingerprint(offer.publicKey)
        var options = KeyOptions()
        if let authorizedKeys {
            guard let admitted = authorizedKeys.keys.admit(fingerprint, from: address) else { return responsePromise.succeed(.failure) }
            options = admitted
        }
        let first = signedIn.withLock { signedIn in
            defer { signedIn = (fingerprint, options) }
            return signedIn == nil
        }
        if first { signedInNow() }
        responsePromise.succeed(.success)
    }
}
