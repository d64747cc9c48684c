import Synchronization

/// Values the server worked out once (a transaction's JWS, a transaction's owner, a
/// customer's rows, a token's checked signature), by key.
/// Bounded: past `capacity` it starts again.
///
/// ```swift
/// let signatures = BoundedCache<SignedRow, String>(capacity: 100_000)
/// if signatures.value(for: row) == nil { signatures.keep(try signer.sign(payload), for: row) }
/// ```
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private let values = Mutex<[Key: Value]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func value(for key: Key) -> Value? {
        values.withLock { $0[key] }
    }

    func keep(_ value: Value, for key: Key) {
        values.withLock { values in
            if values.count >= capacity { values.removeAll() }
            values[key] = value
        }
    }
}

/// A transaction as signed: its JWS stays right for as long as the row's `signedDate` does.
struct SignedRow: Hashable, Sendable {
    let id: Int64
    let signedDate: Int64
}
