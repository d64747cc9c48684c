import Synchronization

/// Transactions already signed, by ID and the ledger's signing date: a row that has not
/// changed is not signed again. Bounded; past `capacity` it starts again.
///
/// ```swift
/// let key = SignatureCache.Key(id: 7, signedDate: 1_764_000_000_000)
/// if cache.jws(for: key) == nil { cache.keep(try signer.sign(payload), for: key) }
/// ```
final class SignatureCache: Sendable {
    struct Key: Hashable {
        let id: Int64
        let signedDate: Int64
    }

    static let capacity = 100_000
    private let signed = Mutex<[Key: String]>([:])

    func jws(for key: Key) -> String? {
        signed.withLock { $0[key] }
    }

    func keep(_ jws: String, for key: Key) {
        signed.withLock { signed in
            if signed.count >= Self.capacity { signed.removeAll() }
            signed[key] = jws
        }
    }
}
