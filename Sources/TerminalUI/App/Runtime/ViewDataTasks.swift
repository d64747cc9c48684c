import Foundation
import StorefrontModel

/// Runs the data-task modifiers of one shown view (`.storeProductsTask(for:)`,
/// `.subscriptionStatusTask(for:)`, `.currentEntitlementTask(for:)`) as StoreKit does:
/// each action hears `.loading` first, then every new state as the store changes, until
/// the view goes away and the task is cancelled. A state equal to the last one reported is
/// not reported again (failures are equal when they say the same thing).
///
/// `StoreApp` starts one when a shop's screen appears and cancels it when the screen goes.
///
/// ```swift
/// let tasks = ViewDataTasks(modifiers: view.modifiers, storefront: storefront, slotPrefix: "tips")
/// let running = Task { await tasks.run() }
/// running.cancel()  // the view went away: no action is called again
/// ```
struct ViewDataTasks: Sendable {
    let modifiers: StoreViewModifiers
    let storefront: Storefront
    /// Product loads of this view go into slots named after it, apart from the shop's own.
    let slotPrefix: String
    /// Wraps each call of an action, so a headless app waits for it before it settles.
    var tracked: @Sendable (@Sendable () async -> Void) async -> Void = { await $0() }

    /// Runs every data task of the view until cancelled.
    func run() async {
        let needsEntitlements = !modifiers.subscriptionStatusTasks.isEmpty || !modifiers.currentEntitlementTasks.isEmpty
        await withTaskGroup(of: Void.self) { group in
            for (index, task) in modifiers.productsTasks.enumerated() {
                let slot = LoadSlot("\(slotPrefix):productsTask\(index)")
                group.addTask(priority: task.priority) {
                    await follow(initially: .loading, read: { $0.products[slot] ?? .loading }, report: task.action) {
                        _ = try? await storefront.loadProducts(task.ids, slot: slot)
                    }
                }
            }
            for task in modifiers.subscriptionStatusTasks {
                group.addTask(priority: task.priority) {
                    await follow(initially: .loading, read: { $0.subscriptionStatus(for: task.groupID) }, report: task.action)
                }
            }
            for task in modifiers.currentEntitlementTasks {
                group.addTask(priority: task.priority) {
                    await follow(initially: .loading, read: { $0.entitlement(for: task.productID) }, report: task.action)
                }
            }
            if needsEntitlements {
                // As StoreKit's tasks do, ask the store afresh rather than trust what was known.
                group.addTask { _ = try? await storefront.refreshEntitlements() }
            }
        }
    }

    /// Reports `initially`, starts `load`, then reports each new state `read` finds in the
    /// storefront's snapshot whenever the storefront says something changed.
    private func follow<State: Sendable & Equatable>(
        initially first: State,
        read: @escaping @Sendable (StorefrontSnapshot) -> State,
        report: @escaping @Sendable (State) async -> Void,
        load: (@Sendable () async -> Void)? = nil
    ) async {
        // Listen before anything can change, so no state is missed.
        let events = storefront.events()
        var last = first
        await tracked { await report(first) }
        await withTaskGroup(of: Void.self) { group in
            if let load { group.addTask(operation: load) }
            var changes = events.makeAsyncIterator()
            repeat {
                let seen = read(storefront.snapshot)
                guard !Task.isCancelled else { break }
                guard seen != last else { continue }
                last = seen
                await tracked { await report(seen) }
            } while await changes.next() != nil
            group.cancelAll()
        }
    }
}
