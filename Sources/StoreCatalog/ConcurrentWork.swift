import Dispatch

/// Independent pieces of work spread over the machine's cores.
///
/// ```swift
/// let squares = ConcurrentWork.map(4, concurrently: true) { $0 * $0 }  // [0, 1, 4, 9]
/// ```
enum ConcurrentWork {
    /// `body(0)`, `body(1)`, … `body(count - 1)` in index order; run on every core when
    /// `concurrently` (pieces start in index order), else one after another on this thread.
    static func map<Value: Sendable>(
        _ count: Int, concurrently: Bool, _ body: @Sendable (Int) -> Value
    ) -> [Value] {
        guard concurrently, count > 1 else { return (0..<count).map(body) }
        let slots = Slots<Value>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in slots.store(body(index), at: index) }
        return slots.values
    }
}

/// One slot per piece of work, each written once, by its own piece only; read after all
/// are done (`concurrentPerform` returns when every piece has).
private final class Slots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func store(_ value: Value, at index: Int) {
        storage[index] = value
    }

    var values: [Value] { storage.map { $0! } }
}
