import Crypto
import Foundation
import Synchronization

/// Digests of JWS values whose ES256 signature already verified under one key.
///
/// Reading the ledger re-checks every row's header, key ID and payload each
/// time, but the elliptic-curve check (by far the dearest step) runs once per
/// exact JWS: any edit changes the bytes, hence the digest, and is checked in
/// full. The set belongs to one loaded key, so a replaced key starts empty.
final class VerifiedSignatures: Sendable {
    /// A JWS's SHA-256 as four words (swift-crypto's `SHA256Digest` is not `Sendable`).
    struct Digest: Hashable, Sendable {
        let first, second, third, fourth: UInt64
    }

    private let digests = Mutex<Set<Digest>>([])
    /// About 3 MB of digests; past it the set starts over rather than grow without bound.
    private let capacity = 100_000

    static func digest(_ jws: String) -> Digest {
        SHA256.hash(data: Data(jws.utf8)).withUnsafeBytes { bytes in
            let word = { (index: Int) in bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
            return Digest(first: word(0), second: word(1), third: word(2), fourth: word(3))
        }
    }

    func contains(_ digest: Digest) -> Bool {
        digests.withLock { $0.contains(digest) }
    }

    func insert(_ digest: Digest) {
        digests.withLock { digests in
            if digests.count >= capacity { digests.removeAll(keepingCapacity: true) }
            digests.insert(digest)
        }
    }
}
