import Foundation

/// One slot's latest product load.
struct SlotLoad {
    let ids: [Product.ID]
    let generation: Int
    var task: Task<[Product], any Error>?
}

extension Storefront {
    /// Loads products for a view and reports each state change as
    /// `.productsChanged(slot)`: `.loading`, then `.success(products, unavailable:)` (even
    /// when nothing was found) or `.failure` when the load itself failed.
    ///
    /// Products come back in the order of `ids`, without duplicates. Answers are reused
    /// until the time to live passes or the storefront changes; failures are not, so
    /// calling again retries. A newer load in the same slot cancels this one, which then
    /// throws `CancellationError`.
    ///
    /// ```swift
    /// let state = try await storefront.loadProducts(["pass.monthly", "pass.yearly"], slot: "plans")
    /// if case .success(let plans, let missing) = state {
    ///     print(plans.map(\.displayName), "missing:", missing)
    /// }
    /// ```
    @discardableResult
    public func loadProducts(_ ids: [Product.ID], slot: LoadSlot) async throws(CancellationError) -> Product.CollectionTaskState {
        let ids = ids.uniqued(by: \.self)
        loadGeneration += 1
        let generation = loadGeneration
        loads[slot]?.task?.cancel()

        let startedAt = clock.now
        let stale = ids.filter { !cache.contains($0, at: startedAt) }
        // Nothing cached yet (a list's first load): the IDs themselves, not a second array of them.
        let missing = stale.count == ids.count ? ids : stale
        guard !missing.isEmpty else {
            loads[slot] = SlotLoad(ids: ids, generation: generation)
            return publish(found(ids), in: slot)
        }
        let task = Task { [backend] in try await backend.products(for: missing) }
        loads[slot] = SlotLoad(ids: ids, generation: generation, task: task)
        publish(.loading, in: slot)
        logger.debug("Loading products \(missing) for \(slot)")

        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        guard loads[slot]?.generation == generation else { throw CancellationError() }
        loads[slot]?.task = nil
        if Task.isCancelled {
            // The view went away: nobody waits for this slot any more.
            loads[slot] = nil
            state.products[slot] = nil
            emit(.productsChanged(slot))
            throw CancellationError()
        }
        switch result {
        case .success(let products):
            cache.store(products, requested: missing, at: clock.now)
            hasLoadedProducts = true
            let loaded = publish(found(ids), in: slot)
            openIfReady()
            return loaded
        case .failure(let error):
            logger.warning("Products \(missing) failed to load: \(error)")
            return publish(.failure(error), in: slot)
        }
    }

    /// Loads one product for a view: `.success`, `.unavailable` when the store has no such
    /// product here, or `.failure`. Same caching and cancelling as `loadProducts`.
    ///
    /// ```swift
    /// if case .success(let pro) = try await storefront.loadProduct("pro.lifetime", slot: "pro") {
    ///     print(pro.displayPrice)
    /// }
    /// ```
    @discardableResult
    public func loadProduct(_ id: Product.ID, slot: LoadSlot) async throws(CancellationError) -> Product.TaskState {
        try await loadProducts([id], slot: slot).taskState(for: id)
    }

    /// The cached answer for `ids`, in order, with the customer's standing filled in.
    private func found(_ ids: [Product.ID]) -> Product.CollectionTaskState {
        // The cache's own array when it holds exactly these, in order (a long list, loaded).
        if let all = cache.products(exactly: ids) {
            return .success(withCustomerStanding(all), unavailable: [])
        }
        var products: [Product] = []
        var unavailable: [Product.ID] = []
        for id in ids {
            if let product = cache.product(id) {
                products.append(withCustomerStanding(product))
            } else {
                unavailable.append(id)
            }
        }
        return .success(products, unavailable: unavailable)
    }

    @discardableResult
    private func publish(_ collection: Product.CollectionTaskState, in slot: LoadSlot) -> Product.CollectionTaskState {
        state.products[slot] = collection
        emit(.productsChanged(slot))
        return collection
    }

    /// A subscription product with the customer's intro-offer eligibility and statuses
    /// from the ledger, once it has loaded.
    func withCustomerStanding(_ product: Product) -> Product {
        // Read once: a store's product may make its subscription's terms on each read.
        guard let known = product.subscription, let owned = state.entitlements.value else { return product }
        var info = known
        let group = owned.subscriptionGroup(info.subscriptionGroupID)
        info.isEligibleForIntroOffer = group.isEligibleForIntroOffer
        info.status = group.statuses
        // Setting makes a new storage: with nothing to change, the cache's product is shown
        // as it is (a 100,000-product list held 30,000 subscriptions twice).
        guard info != known else { return product }
        var updated = product
        updated.subscription = info
        return updated
    }

    /// The same for each of `products`: the array itself when none changes, not a second
    /// array of 100,000 products each time what the customer owns changes.
    func withCustomerStanding(_ products: [Product]) -> [Product] {
        guard let first = products.firstIndex(where: { withCustomerStanding($0) != $0 }) else { return products }
        var updated = products
        for index in first..<updated.endIndex {
            updated[index] = withCustomerStanding(updated[index])
        }
        return updated
    }

    /// Fills the customer's new standing into every loaded product.
    func refreshCustomerStanding() {
        for slot in state.products.keys.sorted(by: { $0.name < $1.name }) {
            guard case .success(let products, let unavailable)? = state.products[slot] else { continue }
            let updated = withCustomerStanding(products)
            guard updated != products else { continue }
            state.products[slot] = .success(updated, unavailable: unavailable)
            emit(.productsChanged(slot))
        }
    }

    /// Asks the backend again for `ids`, whose sale changed, and shows the answer in every
    /// slot that names one of them: a product removed from sale turns unavailable there, one
    /// put back returns. The slots keep what they show meanwhile (no spinner); a slot that
    /// loads again in the meantime is left to its own load.
    func reloadProducts(_ ids: [Product.ID]) async {
        let changed = Set(ids)
        let shown = loads.filter { slot, load in
            state.products[slot] != nil && load.task == nil && load.ids.contains(where: changed.contains)
        }
        guard !shown.isEmpty else {
            cache.remove(changed)
            return
        }
        let answer: [Product]
        do {
            answer = try await backend.products(for: Array(changed).sorted())
        } catch {
            logger.warning("Products \(ids) changed but failed to load: \(error)")
            cache.remove(changed)
            return
        }
        cache.store(answer, requested: Array(changed), at: clock.now)
        for (slot, load) in shown.sorted(by: { $0.key.name < $1.key.name }) {
            guard loads[slot]?.generation == load.generation, case .success? = state.products[slot] else { continue }
            publish(found(load.ids), in: slot)
        }
    }

    /// Drops every cached product and loads each slot again for the new storefront.
    func changeStorefront(to storefront: StorefrontInfo) async {
        state.storefront = storefront
        cache.removeAll()
        emit(.storefrontChanged)
        let shown = loads.filter { state.products[$0.key] != nil }.sorted { $0.key.name < $1.key.name }
        for (slot, load) in shown {
            // A load the view starts meanwhile supersedes this one, which is then moot.
            _ = try? await loadProducts(load.ids, slot: slot)
        }
    }
}
