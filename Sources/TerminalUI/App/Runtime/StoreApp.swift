import Foundation
import StorefrontModel

/// The storefront app: one actor holding the `AppState`, applying messages with
/// `AppState.update(_:)` and running the effects it asks for as tasks against a
/// `Storefront`, which report back as messages.
///
/// It draws nothing and reads no keys itself: a front end (the curses run loop, or
/// `HeadlessApp`) sends it keys and ticks and puts `render()` on screen. Time comes only
/// from the clock it is given.
///
/// ```swift
/// let app = StoreApp(backend: store, layout: layout, size: TerminalSize(width: 80, height: 24),
///                    clock: ContinuousClock(), epoch: Date())
/// await app.start()
/// await app.send(.key(.enter))
/// let frame = await app.render()
/// ```
public actor StoreApp {
    /// The storefront the app buys through.
    public nonisolated let storefront: Storefront
    /// What the app shows now.
    public private(set) var state: AppState

    nonisolated let tracker: ActivityTracker
    /// The purchases asked of the store: quitting cancels the app's tasks, not these.
    private nonisolated let purchaseCalls = StorePurchaseCalls()
    /// The backend as given, for what it counts of its own (`updateDelivery`).
    nonisolated let backend: any StoreBackend
    private let elapsed: @Sendable () -> Duration
    private let wallClock: @Sendable () -> Date
    /// Purchases waiting on the confirmation sheet: the answer, and the work it parks.
    private var confirmations: [UInt64: (answer: CheckedContinuation<Bool, Never>, parked: [ActivityTracker.ID])] = [:]
    private var lastRequestID: UInt64 = 0
    private var running: [UInt64: Task<Void, Never>] = [:]
    private var lastTaskID: UInt64 = 0
    private var listener: Task<Void, Never>?
    /// The data tasks of the shop views on screen, until their screen goes.
    private var dataTasks: [StoreLayout.Shop.ID: Task<Void, Never>] = [:]
    /// The activity the storefront's handling of a store update runs under.
    nonisolated let updateHandling: ActivityTracker.ID
    /// Told when the state changed between keys and ticks (`whenChanged(_:)`).
    private var changed: (@Sendable () -> Void)?

    /// Makes the app over `backend`. Nothing happens until `start()`.
    ///
    /// - Parameters:
    ///   - clock: the only source of time: spinners, store latency, renewals.
    ///   - epoch: the wall-clock date when `clock` reads its current time; transaction
    ///     dates count from it.
    public init<C: Clock<Duration>>(
        backend: any StoreBackend,
        layout: StoreLayout,
        size: TerminalSize,
        options: AppOptions = AppOptions(),
        clock: C,
        epoch: Date
    ) {
        let tracker = ActivityTracker()
        let updateHandling = tracker.makeID()
        let tracked = TrackedBackend(backend: backend, tracker: tracker, updateHandling: updateHandling, purchaseCalls: purchaseCalls)
        let storeClock = StoreClock(clock, startingAt: epoch)
        let start = clock.now
        self.tracker = tracker
        self.backend = backend
        self.updateHandling = updateHandling
        self.elapsed = { start.duration(to: clock.now) }
        self.storefront = Storefront(backend: tracked, clock: storeClock)
        self.wallClock = { storeClock.now }
        self.state = AppState(layout: layout, size: size, options: options, now: epoch)
    }

    /// Waits for the purchases the store is still working on, so each is recorded before the
    /// process ends ("Quit anyway? It will finish in the store"); what the app would have done
    /// next (finishing the transaction) is left to the next launch, which delivers and
    /// announces it. A front end calls this once the terminal is restored, however the app
    /// ended: if a signal ended it before the customer quit, this quits it first.
    ///
    /// - Parameter announce: called first when there is a purchase to wait for.
    public func purchasesFinished(announcing announce: @Sendable () -> Void = {}) async {
        if !state.hasQuit {
            state.hasQuit = true
            quit()
        }
        await purchaseCalls.waitForAll(announcing: announce)
    }

    /// Starts listening to the store and opens the shop.
    public func start() {
        guard listener == nil else { return }
        let events = storefront.events()
        let tracker = tracker
        listener = Task { [weak self] in
            for await _ in events {
                guard let self else { return }
                _ = await tracker.run(named: "store changed") { await self.storeDidChange() }
            }
        }
        tick()
        perform([.start])
    }

    /// Calls `changed` whenever the state changes other than by `send` or `tick`: a store
    /// reading or an effect's answer. A front end that waits for keys uses it to draw such
    /// a change at once rather than at its next turn.
    ///
    /// ```swift
    /// await app.whenChanged { wakePipe.wake() }
    /// ```
    public func whenChanged(_ changed: @escaping @Sendable () -> Void) {
        self.changed = changed
    }

    /// Handles one message and starts the effects it asks for.
    public func send(_ message: AppMessage) {
        apply(message)
    }

    /// Tells the app the clock moved (spinners turn).
    public func tick() {
        apply(.tick(elapsed: elapsed(), now: wallClock()))
    }

    /// The frame to show now: the screen and where the cursor goes.
    public func render() -> AppFrame {
        AppFrame(state: state)
    }

    /// True once the customer has quit.
    public var isFinished: Bool {
        state.hasQuit
    }

    /// Reads the store again; returns whether that started any effect.
    func storeDidChange() -> Bool {
        defer { changed?() }
        return apply(.storeChanged(StoreData(storefront.snapshot)))
    }

    /// The messages applied last, oldest first: what a failing test prints to show how
    /// the app got where it is.
    public private(set) var messageLog: [AppMessage] = []
    private static let messageLogLength = 200

    @discardableResult
    private func apply(_ message: AppMessage) -> Bool {
        if messageLog.count == Self.messageLogLength { messageLog.removeFirst() }
        messageLog.append(message)
        let effects = state.update(message)
        perform(effects)
        return !effects.isEmpty
    }

    private func perform(_ effects: [AppEffect]) {
        for effect in effects {
            switch effect {
            case .confirm(let id, let confirmed):
                answer(id, confirmed)
            case .quit:
                quit()
            case .runDataTasks(let shopID):
                runDataTasks(of: shopID)
            case .cancelDataTasks(let shopID):
                dataTasks.removeValue(forKey: shopID)?.cancel()
            default:
                spawn(effect)
            }
        }
    }

    /// Runs a shop view's data tasks in a task of their own, as long as the screen shows.
    private func runDataTasks(of shopID: StoreLayout.Shop.ID) {
        guard let view = state.views[shopID] else { return }
        let tasks = ViewDataTasks(modifiers: view.modifiers, storefront: storefront, slotPrefix: "view:\(shopID)", tracker: tracker)
        dataTasks[shopID]?.cancel()
        dataTasks[shopID] = tasks.start(named: shopID)
    }

    private func spawn(_ effect: AppEffect) {
        guard let work = work(for: effect) else { return }
        lastTaskID += 1
        let taskID = lastTaskID
        // Busy until its reply is applied, so a headless app never settles between the two.
        running[taskID] = tracker.spawn(named: effect.activityName) { [weak self] in
            let reply = await work()
            await self?.finished(taskID, replying: reply)
        }
    }

    private func finished(_ taskID: UInt64, replying reply: AppMessage?) {
        running[taskID] = nil
        if let reply {
            apply(reply)
            changed?()
        }
    }

    /// The work of an effect, to run off the actor, and the message it answers with (nil
    /// only when it was cancelled because the app quit). Whatever it needs of the state is
    /// read here, when the effect is asked for, never while it runs.
    private func work(for effect: AppEffect) -> (@Sendable () async -> AppMessage?)? {
        let storefront = storefront
        switch effect {
        case .start:
            let updateHandling = updateHandling
            return {
                // The storefront's update listener starts here and inherits this activity, so
                // handling a store update counts as work in flight (see TrackedBackend).
                await VirtualClock.$activities.withValue(ActivityTracker.currentActivities + [updateHandling]) {
                    await storefront.start()
                }
                // Named in the announcement of what was delivered while the customer was away.
                let away = storefront.snapshot.deliveredWhileAway
                if !away.isEmpty { _ = try? await storefront.loadProducts(away, slot: "deliveredWhileAway") }
                return .storeOpened(StoreData(storefront.snapshot))
            }
        case .loadProducts(let ids, let slot):
            return { (try? await storefront.loadProducts(ids, slot: slot)).map { .productsLoaded(slot: slot, $0) } }
        case .purchase(let product, let shopID):
            let actions = state.purchaseActions(shopID: shopID)
            return { [self] in
                do {
                    let result = try await storefront.purchase(product, actions: actions) { product, options in
                        await self.confirm(product, options: options, shopID: shopID)
                    }
                    return .purchaseFinished(product, shop: shopID, result.mapError(StoreFailure.init), StoreData(storefront.snapshot))
                } catch {
                    return .purchaseRefused(product.id)
                }
            }
        case .restore:
            return { .restoreFinished(await Result { try await storefront.restorePurchases() }) }
        case .refreshEntitlements:
            return {
                let result = await Result { try await storefront.refreshEntitlements() }
                return .entitlementsRefreshed(result, StoreData(storefront.snapshot))
            }
        case .loadHistory:
            return { .historyLoaded(await Result { try await storefront.allTransactions() }) }
        case .redeem(let code):
            return { .redeemFinished(code: code, await Result { try await storefront.redeem(offerCode: code) }) }
        case .signIn(let shopID):
            let action = state.views[shopID]?.signInAction
            return {
                await action?()
                return .signedIn(shop: shopID)
            }
        case .detailAction(let shopID):
            let action = state.views[shopID]?.detailAction
            return {
                await action?()
                return nil
            }
        case .answerPriceIncrease(let originalTransactionID, let consented):
            return {
                let result = await Result {
                    try await storefront.answerPriceIncrease(originalTransactionID: originalTransactionID, consented: consented)
                }
                return .entitlementsRefreshed(result, StoreData(storefront.snapshot))
            }
        case .loadManagedItems:
            let manager = state.options.transactionManager
            return {
                guard let manager else { return nil }
                return .managedItemsLoaded(await Result { try await manager.managedItems() })
            }
        case .manage(let action, let item):
            let manager = state.options.transactionManager
            return {
                guard let manager else { return nil }
                return .managerActionFinished(action, item, await Result { try await manager.perform(action, on: item) })
            }
        case .beginRefundRequest(let transactionID, let reason):
            return {
                let result = await Result { try await storefront.beginRefundRequest(for: transactionID, reason: reason) }
                return .refundRequestFinished(transactionID: transactionID, result)
            }
        case .loadRefundRequests:
            return { .refundRequestsLoaded(await Result { try await storefront.refundRequestedTransactionIDs() }) }
        case .refundRequestDismissed(let transactionID, let result):
            let action = state.options.refundRequestDismissAction
            return {
                await action?(transactionID, result)
                return nil
            }
        case .confirm, .quit, .runDataTasks, .cancelDataTasks:
            return nil
        }
    }

    /// The confirmation hook: shows the sheet and waits for the customer's answer.
    private func confirm(
        _ product: Product, options purchaseOptions: Set<Product.PurchaseOption>, shopID: StoreLayout.Shop.ID
    ) async -> Bool {
        guard state.options.confirmsPurchases else { return true }
        guard !state.hasQuit else { return false }
        lastRequestID += 1
        let request = PurchaseRequest(id: lastRequestID, product: product, options: purchaseOptions, shopID: shopID)
        let parked = ActivityTracker.currentActivities
        tracker.park(parked)
        return await withCheckedContinuation { continuation in
            confirmations[request.id] = (continuation, parked)
            apply(.confirmationRequested(request))
        }
    }

    /// Answers a confirmation: its purchase counts as work again from this moment, before
    /// its task runs on.
    private func answer(_ requestID: UInt64, _ confirmed: Bool) {
        guard let waiting = confirmations.removeValue(forKey: requestID) else { return }
        tracker.unpark(waiting.parked)
        waiting.answer.resume(returning: confirmed)
    }

    private func quit() {
        for id in confirmations.keys.sorted() {
            answer(id, false)
        }
        for task in running.values {
            task.cancel()
        }
        for task in dataTasks.values {
            task.cancel()
        }
        listener?.cancel()
    }
}
