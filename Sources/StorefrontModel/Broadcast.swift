import Foundation
import Synchronization

/// A value behind a lock, readable and writable from any thread.
///
/// ```swift
/// let limit = Locked(Duration.seconds(30))
/// limit.value = .milliseconds(500)
/// ```
public final class Locked<Value: Sendable>: Sendable {
    private let stored: Mutex<Value>

    public init(_ value: Value) {
        stored = Mutex(value)
    }

    public var value: Value {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

/// Sends each value to every stream made by `subscribe()` and still listened to, and
/// counts what is on its way: a value sent to a stream is *undelivered* until its listener
/// has handled it, which is when it asks for the next one (or stops listening). A headless
/// run reads the count to know, exactly, that no news is waiting to be handled.
///
/// ```swift
/// let feed = Broadcast<Int>()
/// let numbers = feed.subscribe()
/// feed.send(1)
/// feed.delivery.undelivered  // 1, until the listener has handled it and asks again
/// ```
public final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        /// Per stream: values sent and not yet handled.
        var pending: [Int: Int] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())
    /// Signalled whenever anything is sent, handled or unsubscribed.
    private let changes = ChangeSignal()

    public init() {}

    /// A stream of the values sent from now on; unbounded, so no value is lost.
    public func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let id = state.withLock { state in
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            state.pending[state.nextID] = 0
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return stream.handOff(handled: { [weak self] in self?.handled(id) })
    }

    /// Sends `element` to every stream.
    public func send(_ element: Element) {
        let targets = state.withLock { state in
            changes.signal()
            for id in state.continuations.keys { state.pending[id, default: 0] += 1 }
            return Array(state.continuations.values)
        }
        for continuation in targets {
            continuation.yield(element)
        }
    }

    /// What is on its way to listeners, and a version that changes whenever that does.
    public var delivery: Delivery {
        state.withLock { Delivery(version: changes.count, undelivered: $0.pending.values.reduce(0, +), changes: changes) }
    }

    private func handled(_ id: Int) {
        state.withLock { state in
            changes.signal()
            if let count = state.pending[id], count > 0 { state.pending[id] = count - 1 }
        }
    }

    private func unsubscribe(_ id: Int) {
        state.withLock { state in
            changes.signal()
            state.continuations[id] = nil
            state.pending[id] = nil
        }
    }

    deinit {
        for continuation in state.withLock({ $0.continuations.values }) {
            continuation.finish()
        }
    }
}

/// Values a broadcast has sent and its listeners have not yet handled.
///
/// ```swift
/// storefront.eventDelivery.undelivered == 0  // every listener has handled every event
/// ```
public struct Delivery: Sendable, Hashable {
    /// The count of `changes` this was read at.
    public var version: UInt64
    public var undelivered: Int
    /// Signalled whenever anything is sent, handled or unsubscribed: wait on it for the
    /// count to change (`HeadlessApp.settle()` does).
    public var changes: ChangeSignal

    public init(version: UInt64, undelivered: Int, changes: ChangeSignal) {
        self.version = version
        self.undelivered = undelivered
        self.changes = changes
    }
}
