import Foundation

extension AsyncStream where Element: Sendable {
    /// This stream for one listener, saying when each value changes hands: `taken` when a
    /// value is handed to the listener, and `handled` when the listener asks for the next
    /// one after it (it has handled that one), so whoever counts work in flight sees no gap.
    ///
    /// ```swift
    /// let counted = updates.handOff(handled: { inFlight.value -= 1 }, taken: { _ in inFlight.value += 1 })
    /// ```
    public func handOff(
        handled: @escaping @Sendable () -> Void, taken: @escaping @Sendable (Element) -> Void = { _ in }
    ) -> AsyncStream<Element> {
        let reader = HandOffReader(self, handled: handled, taken: taken)
        return AsyncStream { await reader.next() }
    }
}

/// One stream's values, read by one listener at a time.
private final class HandOffReader<Element: Sendable>: @unchecked Sendable {
    private var iterator: AsyncStream<Element>.Iterator
    private let handled: @Sendable () -> Void
    private let taken: @Sendable (Element) -> Void
    private var isHandling = false

    init(_ stream: AsyncStream<Element>, handled: @escaping @Sendable () -> Void, taken: @escaping @Sendable (Element) -> Void) {
        iterator = stream.makeAsyncIterator()
        self.handled = handled
        self.taken = taken
    }

    func next() async -> Element? {
        if isHandling { handled() }
        let element = await iterator.next()
        isHandling = element != nil
        if let element { taken(element) }
        return element
    }
}
