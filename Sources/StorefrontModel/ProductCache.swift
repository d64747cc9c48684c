import Foundation

/// Products already loaded, and IDs known to be unavailable, each for a time to live.
struct ProductCache {
    private enum Entry {
        case product(Product)
        case unavailable
    }

    let timeToLive: Duration
    private var entries: [Product.ID: (entry: Entry, loadedAt: Date)] = [:]

    init(timeToLive: Duration) {
        self.timeToLive = timeToLive
    }

    /// Whether `id` has a fresh answer at `now`.
    func contains(_ id: Product.ID, at now: Date) -> Bool {
        guard let cached = entries[id] else { return false }
        return now.timeIntervalSince(cached.loadedAt) < timeToLive.timeInterval
    }

    /// The cached product for `id`, if it was found (fresh or not).
    func product(_ id: Product.ID) -> Product? {
        if case .product(let product)? = entries[id]?.entry { product } else { nil }
    }

    /// Records the answer to a load of `requested`: each ID found or unavailable.
    ///
    /// Products go straight into `entries`, grown once: no second dictionary of them on the
    /// way, since a 100,000-product load holds each copy at about 40 MB. Every requested ID
    /// is first marked unavailable, then the found ones replace their marks: no set of the
    /// requested IDs beside it (4 MB at 100,000). A second answer for the same ID is left
    /// out, and so is a product without a mark made at `now` (one nobody asked for).
    mutating func store(_ found: [Product], requested: [Product.ID], at now: Date) {
        entries.reserveCapacity(entries.count + requested.count)
        for id in requested {
            entries[id] = (.unavailable, now)
        }
        for product in found {
            guard let cached = entries[product.id], cached.loadedAt == now, case .unavailable = cached.entry else { continue }
            entries[product.id] = (.product(product), now)
        }
    }

    /// Forgets `ids`, so the next load asks the backend again.
    mutating func remove(_ ids: some Sequence<Product.ID>) {
        for id in ids { entries[id] = nil }
    }

    mutating func removeAll() {
        entries.removeAll()
    }
}
