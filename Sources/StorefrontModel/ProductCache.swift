import Foundation

/// Products already loaded, and IDs known to be unavailable, each for a time to live.
///
/// Found products sit in an open-addressing table keyed by their own IDs: 8 bytes a slot,
/// and 4 more for the load that answered. A `[ID: (entry, date)]` of 100,000 products took
/// 8.4 MB (262,144 buckets of 32 bytes); this takes 3 MB. IDs answered unavailable, usually
/// few, are kept by ID.
struct ProductCache {
    let timeToLive: Duration
    /// A product, or nil for an empty slot; at most half the slots are used. A product
    /// answered unavailable since stays, as its ID's key, marked in `answers`.
    private var slots: [Product?] = Array(repeating: nil, count: 8)
    /// Each slot's load (an index into `loadTimes`), with `unavailableMark` when that load
    /// answered its ID unavailable.
    private var answers: [UInt32] = Array(repeating: 0, count: 8)
    private var used = 0
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
        if let slot = slot(of: id) {
            load = answers[slot] & ~Self.unavailableMark
        } else if let marked = unavailable[id] {
            load = marked
        } else {
            return false
        }
        return now.timeIntervalSince(loadTimes[Int(load)]) < timeToLive.timeInterval
    }

    /// The cached product for `id`, if it was found (fresh or not).
    func product(_ id: Product.ID) -> Product? {
        guard let slot = slot(of: id), answers[slot] & Self.unavailableMark == 0 else { return nil }
        return slots[slot]
    }

    /// Records the answer to a load of `requested`: each ID found or unavailable.
    ///
    /// A store answers in the order asked: `found` is walked beside `requested`, so no set of
    /// the requested IDs is built (4 MB at 100,000). A product out of that order is kept only
    /// if it was asked for and not answered already; one nobody asked for is left out.
    mutating func store(_ found: [Product], requested: [Product.ID], at now: Date) {
        let load = UInt32(loadTimes.count)
        loadTimes.append(now)
        reserve(used + found.count)
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
    /// its slot (taking it out would break the probe chains after it) under the forgotten load.
    mutating func remove(_ ids: some Sequence<Product.ID>) {
        for id in ids {
            unavailable[id] = nil
            if let slot = slot(of: id) { answers[slot] = Self.forgottenLoad | answers[slot] & Self.unavailableMark }
        }
    }

    mutating func removeAll() {
        self = ProductCache(timeToLive: timeToLive)
    }

    private mutating func record(_ product: Product, load: UInt32) {
        let slot = slotForInsert(of: product.id)
        if slots[slot] == nil { used += 1 }
        slots[slot] = product
        answers[slot] = load
        unavailable[product.id] = nil
    }

    private mutating func recordUnavailable(_ id: Product.ID, load: UInt32) {
        if let slot = slot(of: id) {
            answers[slot] = load | Self.unavailableMark
        } else {
            unavailable[id] = load
        }
    }

    /// The slot holding `id`'s product, if one does.
    private func slot(of id: Product.ID) -> Int? {
        var slot = id.hashValue & (slots.count - 1)
        while let product = slots[slot] {
            if product.id == id { return slot }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// The slot holding `id`'s product, or the empty one it would go in.
    private func slotForInsert(of id: Product.ID) -> Int {
        var slot = id.hashValue & (slots.count - 1)
        while let product = slots[slot], product.id != id {
            slot = (slot + 1) & (slots.count - 1)
        }
        return slot
    }

    /// Room for `count` products without passing half the slots.
    private mutating func reserve(_ count: Int) {
        var size = slots.count
        while size < count * 2 { size *= 2 }
        guard size > slots.count else { return }
        let (oldSlots, oldAnswers) = (slots, answers)
        slots = Array(repeating: nil, count: size)
        answers = Array(repeating: 0, count: size)
        for (product, answer) in zip(oldSlots, oldAnswers) {
            guard let product else { continue }
            let slot = slotForInsert(of: product.id)
            slots[slot] = product
            answers[slot] = answer
        }
    }
}
