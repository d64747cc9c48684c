import Crypto
import Foundation

/// Digests of JWS values whose ES256 signature already verified under one key.
///
/// Reading the ledger re-checks every row's header, key ID and payload each
/// time, but the elliptic-curve check (by far the dearest step) runs once per
/// exact JWS: any edit changes the bytes, hence the digest, and is checked in
/// full. The set belongs to one loaded key, so a replaced key starts empty.
final class VerifiedSignatures: @unchecked Sendable {
    private let lock = NSLock()
    private var digests: Set<SHA256Digest> = []
    /// About 3 MB of digests; past it the set starts over rather than grow without bound.
    private let capacity = 100_000

    static func digest(_ jws: String) -> SHA256Digest {
        SHA256.hash(data: Data(jws.utf8))
    }

    func contains(_ digest: SHA256Digest) -> Bool {
        lock.withLock { digests.contains(digest) }
    }

    func insert(_ digest: SHA256Digest) {
        lock.withLock {
            if digests.count >= capacity { digests.removeAll(keepingCapacity: true) }
            digests.insert(digest)
        }
    }
}
