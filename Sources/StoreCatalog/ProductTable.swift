import Dispatch
import Foundation
import Synchronization

/// A catalog's products and subscription groups: built already, or being built in the
/// background (`CatalogLoader.load(contentsOf:buildingInBackground:)`), so that a large
/// catalog's first page can be shown before its last product is built.
///
/// Every product's ID and reference name are known from the start (the file's outline reads
/// them), so the index is whole and finding where a product is never waits. Its fields wait
/// for the unit of work that builds it (units are claimed in catalog order); the whole lists
/// and the warnings wait for the last unit. Answers are those of a catalog built whole.
final class ProductTable: Sendable {
    /// What one unit of work built: the products at its positions, in order, and for a unit
    /// of subscription groups the groups; with what it warned of.
    struct Built: Sendable, Equatable {
        var products: [CatalogProduct] = []
        var groups: [CatalogSubscriptionGroup] = []
        var warnings: [CatalogWarning] = []
    }

    /// One unit of work: the positions it builds, and how.
    struct Unit: Sendable {
        var positions: Range<Int>
        var build: @Sendable () -> Result<Built, CatalogError>
    }

    /// Every product's ID, by position; the built products share these strings.
    let ids: [String]
    let index: ProductIndex
    /// The whole lists when the table was made built: read without a lock.
    private let whole: Built?

    private struct State: Sendable {
        var products: [CatalogProduct] = []
        /// Every product's reference name until all are built: then the products have them.
        var referenceNames: [String] = []
        /// Each unit's outcome once it is done, in unit order.
        var groups: [[CatalogSubscriptionGroup]] = []
        var warnings: [[CatalogWarning]] = []
        var failures: [CatalogError?] = []
        var unitsLeft = 0
        /// The whole lists and the first failure in catalog order, once every unit is done.
        var finished: (built: Built, failure: CatalogError?)?
    }

    private let state: Mutex<State>
    private let units: [Range<Int>]
    /// One per unit, left when it is done; and one left when all are.
    private let unitDone: [DispatchGroup]
    private let allDone = DispatchGroup()

    /// A table of products built already.
    init(products: [CatalogProduct], groups: [CatalogSubscriptionGroup], warnings: [CatalogWarning], ids: [String], index: ProductIndex) {
        self.ids = ids
        self.index = index
        whole = Built(products: products, groups: groups, warnings: warnings)
        state = Mutex(State())
        units = []
        unitDone = []
    }

    /// A table whose `units` (in catalog order, covering every position once) are built on
    /// `workers` threads, claimed in order. The warnings are `warnings`, then each unit's,
    /// then what `finalWarnings` finds in the whole catalog.
    init(
        file: String, ids: [String], referenceNames: [String], units: [Unit], warnings: [CatalogWarning], workers: Int,
        finalWarnings: @escaping @Sendable (_ products: [CatalogProduct], _ table: ProductTable, _ groups: [CatalogSubscriptionGroup]) -> [CatalogWarning]
    ) {
        self.ids = ids
        index = ProductIndex(ids)
        whole = nil
        self.units = units.map(\.positions)
        unitDone = units.map { _ in
            let group = DispatchGroup()
            group.enter()
            return group
        }
        allDone.enter()
        var empty = State()
        // Unbuilt positions hold a blank product until their unit writes them.
        let blank = CatalogProduct(id: "", type: .consumable, referenceName: "", price: 0, displayPrice: "")
        empty.products = Array(repeating: blank, count: ids.count)
        empty.referenceNames = referenceNames
        empty.groups = Array(repeating: [], count: units.count)
        empty.warnings = Array(repeating: [], count: units.count)
        empty.failures = Array(repeating: nil, count: units.count)
        empty.unitsLeft = units.count
        state = Mutex(empty)
        guard !units.isEmpty else {
            state.withLock { $0.finished = (Built(warnings: warnings + finalWarnings([], self, [])), nil) }
            allDone.leave()
            return
        }
        let queue = Mutex(units.enumerated().makeIterator())
        // Threads of their own: on dispatch's global queue, which has a thread per core, they
        // held every thread until the last unit, and the work the first frame waits for
        // (the ledger's queue, say) waited behind them.
        for _ in 0..<max(1, min(workers, units.count)) {
            Thread { [self] in
                while let (number, unit) = queue.withLock({ $0.next() }) {
                    finish(number, unit.build(), file: file, warnings: warnings, finalWarnings: finalWarnings)
                }
            }.start()
        }
    }

    /// Records unit `number`'s outcome; the last unit assembles the whole.
    private func finish(
        _ number: Int, _ outcome: Result<Built, CatalogError>, file: String, warnings: [CatalogWarning],
        finalWarnings: ([CatalogProduct], ProductTable, [CatalogSubscriptionGroup]) -> [CatalogWarning]
    ) {
        let positions = units[number]
        var outcome = outcome
        if case .success(var built) = outcome, built.products.lazy.map(\.id).elementsEqual(ids[positions]) {
            // The outline's ID strings, not a second copy of each (6 MB at 100,000 products);
            // a unit of groups lists its subscriptions' IDs in the same order.
            for (offset, position) in positions.enumerated() { built.products[offset].id = ids[position] }
            var next = positions.lowerBound
            for group in built.groups.indices {
                for member in built.groups[group].productIDs.indices where next < positions.upperBound {
                    built.groups[group].productIDs[member] = ids[next]
                    next += 1
                }
            }
            outcome = .success(built)
        } else if case .success = outcome {
            // The outline and the decoder disagree on which product is where: a reader bug.
            outcome = .failure(.malformed(file: file, path: "", message: "the products' IDs were read two different ways"))
        }
        let isLast = state.withLock { table in
            switch outcome {
            case .success(let built):
                table.products.replaceSubrange(positions, with: built.products)
                table.groups[number] = built.groups
                table.warnings[number] = built.warnings
            case .failure(let error):
                table.failures[number] = error
            }
            table.unitsLeft -= 1
            return table.unitsLeft == 0
        }
        unitDone[number].leave()
        guard isLast else { return }
        let (products, groups, unitWarnings, failure) = state.withLock { table in
            (table.products, table.groups.flatMap { $0 }, table.warnings.flatMap { $0 }, table.failures.lazy.compactMap { $0 }.first)
        }
        let all = failure == nil ? warnings + unitWarnings + finalWarnings(products, self, groups) : []
        state.withLock { table in
            table.finished = (Built(products: products, groups: groups, warnings: all), failure)
            table.referenceNames = []
        }
        allDone.leave()
    }

    var count: Int { ids.count }

    /// The reference name of the product at `position`, without waiting.
    func referenceName(at position: Int) -> String {
        if let whole { return whole.products[position].referenceName }
        return state.withLock { $0.finished == nil ? $0.referenceNames[position] : $0.products[position].referenceName }
    }

    /// Whether every unit is done (built or failed).
    var isBuilt: Bool {
        whole != nil || state.withLock { $0.finished != nil }
    }

    /// Waits, without holding a thread, until the products with these IDs are built (or
    /// their units failed): a reader on Swift's few cooperative threads must not block them.
    func built(for ids: [String]) async {
        guard whole == nil, !isBuilt else { return }
        var waited = [Bool](repeating: false, count: units.count)
        for id in ids {
            guard let position = position(of: id) else { continue }
            let number = unit(holding: position)
            guard !waited[number] else { continue }
            waited[number] = true
            await withCheckedContinuation { continuation in
                unitDone[number].notify(queue: .global()) { continuation.resume() }
            }
        }
    }

    /// The same for every unit: the first failure in catalog order, if any.
    func built() async -> CatalogError? {
        guard whole == nil else { return nil }
        await withCheckedContinuation { continuation in
            allDone.notify(queue: .global()) { continuation.resume() }
        }
        return state.withLock { $0.finished?.failure }
    }

    /// The whole lists, waiting for the last unit; empty lists when a unit failed.
    var built: Built {
        if let whole { return whole }
        allDone.wait()
        return state.withLock { $0.finished?.built ?? Built() }
    }

    /// The product at `position`, waiting for its unit; nil past the last product or when
    /// its unit failed.
    func product(at position: Int) -> CatalogProduct? {
        guard ids.indices.contains(position) else { return nil }
        if let whole { return whole.products[position] }
        let number = unit(holding: position)
        unitDone[number].wait()
        return state.withLock { $0.failures[number] == nil ? $0.products[position] : nil }
    }

    /// The first product's position with this ID, without waiting.
    func position(of id: String) -> Int? {
        index.position(of: id, in: ids)
    }

    /// Which unit builds `position` (units are in position order).
    private func unit(holding position: Int) -> Int {
        var low = 0, high = units.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if units[middle].lowerBound <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
