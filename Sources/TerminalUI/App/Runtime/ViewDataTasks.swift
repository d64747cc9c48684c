import Foundation
import StorefrontModel
import Synchronization

/// Runs the data-task modifiers of one shown view (`.storeProductsTask(for:)`,
/// `.subscriptionStatusTask(for:)`, `.currentEntitlementTask(for:)`) as StoreKit does:
/// each action hears `.loading` first, then every new state as the store changes, until
/// the view goes away and the task is cancelled. A state equal to the last one reported is
/// not reported again (failures are equal when they say the same thing).
///
/// `StoreApp` starts one when a shop's screen appears and cancels it when the screen goes.
/// Its work counts as work in flight (`ActivityTracker`) exactly: starting, until every
/// task listens and has started its load; each load and each call of an action; and the
/// storefront events it has yet to handle. Waiting for the next event counts as nothing.
///
/// ```swift
/// let tasks = ViewDataTasks(modifiers: view.modifiers, storefront: storefront, slotPrefix: "tips", tracker: tracker)
/// let running = tasks.start(named: "tips")
/// running.cancel()  // the view went away: no action is called again
/// ```
struct ViewDataTasks: Sendable {
    let modifiers: StoreViewModifiers
    let storefront: Storefront
    /// Product loads of this view go into slots named after it, apart from the shop's own.
    let slotPrefix: String
    let tracker: ActivityTracker

    /// Starts every data task of the view in a task of its own, which runs until cancelled;
    /// busy from this call until each has reported its first state and started its load.
    func start(named name: String) -> Task<Void, Never> {
        let starting = tracker.makeID()
        tracker.begin(starting, named: "data tasks of \(name) starting")
        let followers = modifiers.productsTasks.count + modifiers.subscriptionStatusTasks.count + modifiers.currentEntitlementTasks.count
        let latch = CountdownLatch(followers) { [tracker] in tracker.end(starting) }
        return Task {
            await VirtualClock.$activities.withValue([starting]) {
                await run(name: name, startedOne: latch.countDown)
            }
        }
    }

    private func run(name: String, startedOne: @escaping @Sendable () -> Void) async {
        let needsEntitlements = !modifiers.subscriptionStatusTasks.isEmpty || !modifiers.currentEntitlementTasks.isEmpty
        await withTaskGroup(of: Void.self) { group in
            if needsEntitlements {
                // As StoreKit's tasks do, ask the store afresh rather than trust what was known.
                addTracked("entitlements of \(name)", to: &group) { _ = try? await storefront.refreshEntitlements() }
            }
            for (index, task) in modifiers.productsTasks.enumerated() {
                let slot = LoadSlot("\(slotPrefix):productsTask\(index)")
                group.addTask(priority: task.priority) {
                    await follow(initially: .loading, read: { $0.products[slot] ?? .loading }, report: task.action, started: startedOne) { group in
                        addTracked("products of \(name)", to: &group) { _ = try? await storefront.loadProducts(task.ids, slot: slot) }
                    }
                }
            }
            for task in modifiers.subscriptionStatusTasks {
                group.addTask(priority: task.priority) {
                    await follow(initially: .loading, read: { $0.subscriptionStatus(for: task.groupID) }, report: task.action, started: startedOne)
                }
            }
            for task in modifiers.currentEntitlementTasks {
                group.addTask(priority: task.priority) {
                    await follow(initially: .loading, read: { $0.entitlement(for: task.productID) }, report: task.action, started: startedOne)
                }
            }
        }
    }

    /// Adds `work` to `group` as an activity busy from now, not from when its task first runs.
    private func addTracked(_ name: String, to group: inout TaskGroup<Void>, _ work: @escaping @Sendable () async -> Void) {
        let id = tracker.makeID()
        tracker.begin(id, named: name)
        group.addTask { [tracker] in
            await VirtualClock.$activities.withValue([id]) { await work() }
            tracker.end(id)
        }
    }

    /// Reports `initially`, starts `load`, says it has `started`, then reports each new
    /// state `read` finds in the storefront's snapshot whenever the storefront says
    /// something changed.
    private func follow<State: Sendable & Equatable>(
        initially first: State,
        read: @escaping @Sendable (StorefrontSnapshot) -> State,
        report: @escaping @Sendable (State) async -> Void,
        started: @Sendable () -> Void,
        load: ((inout TaskGroup<Void>) -> Void)? = nil
    ) async {
        // Listen before anything can change, so no state is missed.
        let events = storefront.events()
        var last = first
        await tracker.run(named: "a data task's action") { await report(first) }
        await withTaskGroup(of: Void.self) { group in
            load?(&group)
            started()
            var changes = events.makeAsyncIterator()
            repeat {
                let seen = read(storefront.snapshot)
                guard !Task.isCancelled else { break }
                guard seen != last else { continue }
                last = seen
                await tracker.run(named: "a data task's action") { await report(seen) }
            } while await changes.next() != nil
            group.cancelAll()
        }
    }
}

/// Calls `done` once `countDown()` has been called `count` times (at once for zero).
private final class CountdownLatch: Sendable {
    private let left: Atomic<Int>
    private let done: @Sendable () -> Void

    init(_ count: Int, done: @escaping @Sendable () -> Void) {
        left = Atomic(count)
        self.done = done
        if count == 0 { done() }
    }

    @Sendable func countDown() {
        if left.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { done() }
    }
}
