extension Sequence {
    /// The elements in order, each only the first time its `key` comes up: how StoreKit's
    /// views and `loadProducts` drop duplicate product IDs. The set of keys is sized for the
    /// whole sequence up front; grown one insert at a time it rehashed its way through
    /// 100,000 IDs, about 4% of start-up for each of the three lists that did it.
    ///
    /// ```swift
    /// ["a", "b", "a"].uniqued(by: \.self)  // ["a", "b"]
    /// ```
    // Inlinable, so each caller's module specializes it: generic across modules, every
    // element and key went through value witnesses (a 100,000-product shop's IDs, before
    // its first frame).
    @inlinable
    package func uniqued<Key: Hashable>(by key: (Element) -> Key) -> [Element] {
        var seen = Set<Key>(minimumCapacity: underestimatedCount)
        // An array without repeats (the usual list) comes back as itself: a copy was a
        // second array of 100,000 IDs in each view and load that took them.
        if let array = self as? [Element] {
            if array.allSatisfy({ seen.insert(key($0)).inserted }) { return array }
            seen.removeAll(keepingCapacity: true)
        }
        var kept: [Element] = []
        kept.reserveCapacity(underestimatedCount)
        for element in self where seen.insert(key(element)).inserted {
            kept.append(element)
        }
        return kept
    }
}
