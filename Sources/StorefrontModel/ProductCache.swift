import Foundation

/// Products already loaded, and IDs known to be unavailable, each for a time to live.
///
/// Found products are kept in the order found, with the load that answered each, and an
/// open-addressing table of 4-byte positions finds them by ID. A `[ID: (entry, date)]` of
/// 100,000 products took 8.4 MB (262,144 buckets of 32 bytes), a table of the products
/// themselves 5.2 MB; this takes 3 MB. IDs answered unavailable, usually few, are kept by ID.
struct ProductCache {
    let timeToLive: Duration
    /// Every product found, in the order found. A product answered unavailable since stays,
    /// marked in `answers`.
    private var products: [Product] = []
    /// Each product's load (an index into `loadTimes`), with `unavailableMark` when that load
    /// answered its ID unavailable.
    private var answers: [UInt32] = []
    /// A position in `products` plus one, or 0 for an empty slot; at most half are used.
    private var slots: [UInt32] = Array(repeating: 0, count: 8)
    /// IDs answered unavailable that no load has found, with their load.
    private var unavailable: [Product.ID: UInt32] = [:]
    /// When each load answered; the first is `forgottenLoad`'s, never fresh.
    private var loadTimes: [Date] = [.distantPast]
    private static let unavailableMark: UInt32 = 1 << 31
    private static let forgottenLoad: UInt32 = 0

    init(timeToLive: Duration) {
        self.timeToLive = timeToLive
    }

    /// Whether `id` has a fresh answer at `now`.
    func contains(_ id: Product.ID, at now: Date) -> Bool {
        let load: UInt32
        if let found = position(of: id) {
            load = answers[found] & ~Self.unavailableMark
        } else if let marked = unavailable[id] {
            load = marked
        } else {
            return false
        }
        return now.timeIntervalSince(loadTimes[Int(load)]) < timeToLive.timeInterval
    }

    /// The cached product for `id`, if it was found (fresh or not).
    func product(_ id: Product.ID) -> Product? {
        guard let found = position(of: id), answers[found] & Self.unavailableMark == 0 else { return nil }
        return products[found]
    }

    /// Every product found, when they are exactly the products of `ids` in that order and
    /// none has been answered unavailable since: the array itself, shared.
    func products(exactly ids: [Product.ID]) -> [Product]? {
        guard products.count == ids.count, !answers.contains(where: { $0 & Self.unavailableMark != 0 }),
              products.lazy.map(\.id).elementsEqual(ids) else { return nil }
        return products
    }

    /// Records the answer to a load of `requested`: each ID found or unavailable.
    ///
    /// A store answers in the order asked: `found` is walked beside `requested`, so no set of
    /// the requested IDs is built (4 MB at 100,000). A product out of that order is kept only
    /// if it was asked for and not answered already; one nobody asked for is left out.
    mutating func store(_ found: [Product], requested: [Product.ID], at now: Date) {
        let load = UInt32(loadTimes.count)
        loadTimes.append(now)
        reserve(products.count + found.count)
        var next = found.startIndex
        var answered: [Bool] = []  // by position in `requested`, made only for products out of order
        for id in requested {
            if next < found.endIndex, found[next].id == id {
                record(found[next], load: load)
                next += 1
            } else {
                recordUnavailable(id, load: load)
            }
        }
        guard next < found.endIndex else { return }
        let positions = Dictionary(requested.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        answered = Array(repeating: false, count: requested.count)
        for product in found[..<next] {
            if let position = positions[product.id] { answered[position] = true }
        }
        for product in found[next...] {
            guard let position = positions[product.id], !answered[position] else { continue }
            answered[position] = true
            record(product, load: load)
        }
    }

    /// Forgets `ids`' answers, so the next load asks the backend again. A found product keeps
    /// its place (taking it out would break the probe chains after it) under the forgotten load.
    mutating func remove(_ ids: some Sequence<Product.ID>) {
        for id in ids {
            unavailable[id] = nil
            if let found = position(of: id) { answers[found] = Self.forgottenLoad | answers[found] & Self.unavailableMark }
        }
    }

    mutating func removeAll() {
        self = ProductCache(timeToLive: timeToLive)
    }

    private mutating func record(_ product: Product, load: UInt32) {
        let slot = slot(for: product.id)
        if slots[slot] == 0 {
            products.append(product)
            answers.append(load)
            slots[slot] = UInt32(products.count)
        } else {
            let found = Int(slots[slot]) - 1
            products[found] = product
            answers[found] = load
        }
        unavailable[product.id] = nil
    }

    private mutating func recordUnavailable(_ id: Product.ID, load: UInt32) {
        if let found = position(of: id) {
            answers[found] = load | Self.unavailableMark
        } else {
            unavailable[id] = load
        }
    }

    /// Where `id`'s product is in `products`, if one was found.
    private func position(of id: Product.ID) -> Int? {
        let slot = slot(for: id)
        return slots[slot] == 0 ? nil : Int(slots[slot]) - 1
    }

    /// The slot holding `id`'s product, or the empty one it would go in.
    private func slot(for id: Product.ID) -> Int {
        var slot = id.hashValue & (slots.count - 1)
        while slots[slot] != 0, products[Int(slots[slot]) - 1].id != id {
            slot = (slot + 1) & (slots.count - 1)
        }
        return slot
    }

    /// Room for `count` products without passing half the slots.
    private mutating func reserve(_ count: Int) {
        // Sized once for a large answer; grown as appending grows for a run of small ones.
        if count > products.capacity {
            products.reserveCapacity(max(count, products.capacity * 2))
            answers.reserveCapacity(max(count, answers.capacity * 2))
        }
        var size = slots.count
        while size < count * 2 { size *= 2 }
        guard size > slots.count else { return }
        slots = Array(repeating: 0, count: size)
        for (position, product) in products.enumerated() {
            slots[slot(for: product.id)] = UInt32(position + 1)
        }
    }
}
