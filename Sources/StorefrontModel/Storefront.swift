import Foundation
import Logging

/// The model of a shop: product loads, the purchase flow, entitlements and subscription
/// statuses, on one actor, over any `StoreBackend`.
///
/// Views observe it without polling: `events()` says what changed, `snapshot` is the
/// state to draw. Code without async/await can use `setDelegate(_:)` or the
/// `Notification.Name.storefront…` notifications instead. All time comes from `clock`.
///
/// ```swift
/// let storefront = Storefront(backend: store, clock: .live)
/// let events = storefront.events()
/// await storefront.start()
/// _ = try await storefront.loadProducts(["tip.small", "tip.large"], slot: "tips")
/// for await _ in events {
///     render(storefront.snapshot)
/// }
/// ```
public actor Storefront {
    let backend: any StoreBackend
    let clock: StoreClock
    let logger: Logger
    let notificationCenter: NotificationCenter
    weak var delegate: (any StorefrontDelegate)?

    private let published = Locked(StorefrontSnapshot())
    /// The state; every change is published to `snapshot` at once.
    var state = StorefrontSnapshot() {
        didSet { published.value = state }
    }
    let eventBroadcast = Broadcast<StorefrontEvent>()
    let transactionBroadcast = Broadcast<VerificationResult<Transaction>>()

    var cache: ProductCache
    var loads: [LoadSlot: SlotLoad] = [:]
    var loadGeneration = 0
    var refreshGeneration = 0
    var hasLoadedProducts = false
    var purchaseInFlight = false
    private var isStarted = false
    private var listener: Task<Void, Never>?

    /// Makes a storefront over `backend`. Nothing loads until `start()` or a product load.
    ///
    /// - Parameters:
    ///   - productCacheTimeToLive: how long loaded products are reused before asking the
    ///     backend again (a storefront change drops them at once).
    ///   - notificationCenter: where the storefront's notifications are posted.
    public init(
        backend: any StoreBackend,
        clock: StoreClock = .live,
        productCacheTimeToLive: Duration = .seconds(300),
        notificationCenter: NotificationCenter = .default,
        logger: Logger = Logger(label: "storefront.model")
    ) {
        self.backend = backend
        self.clock = clock
        self.cache = ProductCache(timeToLive: productCacheTimeToLive)
        self.notificationCenter = notificationCenter
        self.logger = logger
    }

    deinit {
        listener?.cancel()
    }

    /// The current state, readable from any thread without waiting.
    public nonisolated var snapshot: StorefrontSnapshot {
        published.value
    }

    /// True for good once products and entitlements have both loaded.
    public nonisolated var isOpenForBusiness: Bool {
        published.value.isOpenForBusiness
    }

    /// A new stream of what changes from now on. Subscribe before `start()` to miss nothing.
    public nonisolated func events() -> AsyncStream<StorefrontEvent> {
        eventBroadcast.subscribe()
    }

    /// The events sent to `events()` streams that their listeners have not yet handled
    /// (a listener has handled one when it asks for the next).
    public nonisolated var eventDelivery: Delivery {
        eventBroadcast.delivery
    }

    /// A new stream of transactions from now on, like StoreKit's `Transaction.updates`:
    /// unfinished ones at start, renewals, approvals and refunds from the backend, and
    /// purchases completed by the default completion.
    public nonisolated func transactionUpdates() -> AsyncStream<VerificationResult<Transaction>> {
        transactionBroadcast.subscribe()
    }

    /// Sets the delegate, held weakly.
    public func setDelegate(_ delegate: (any StorefrontDelegate)?) {
        self.delegate = delegate
    }

    /// Opens the shop: listens to the backend's updates, loads the storefront, the app
    /// transaction and the entitlements, and delivers unfinished transactions again (then
    /// finishes the verified ones). Calling it twice does nothing more.
    public func start() async {
        guard !isStarted else { return }
        isStarted = true
        let updates = await backend.updates()
        listener = Task { [weak self] in
            for await update in updates {
                guard let self else { return }
                await self.handle(update)
            }
        }
        do {
            state.storefront = try await backend.storefront()
        } catch {
            logger.warning("Storefront not loaded: \(error)")
        }
        do {
            state.appTransaction = try await backend.appTransaction()
        } catch {
            logger.warning("App transaction not loaded: \(error)")
        }
        await redeliverUnfinishedTransactions()
    }

    /// Hides the current alert.
    public func dismissAlert() {
        guard state.alert != nil else { return }
        state.alert = nil
        emit(.alertChanged)
    }

    func emit(_ event: StorefrontEvent) {
        state.version += 1
        eventBroadcast.send(event)
    }

    /// Turns `isOpenForBusiness` on once products and entitlements have both loaded.
    func openIfReady() {
        guard !state.isOpenForBusiness, hasLoadedProducts, state.entitlements.value != nil else { return }
        state.isOpenForBusiness = true
        emit(.openForBusiness)
    }

    private func handle(_ update: StoreUpdate) async {
        switch update {
        case .transaction(let result):
            await deliver(result)
        case .subscriptionStatusChanged, .transactionsRemoved:
            _ = try? await refreshEntitlements()
        case .askToBuyDeclined(let productID):
            if state.awaitingApproval.remove(productID) != nil { emit(.purchaseStateChanged) }
        case .storefrontChanged(let storefront):
            await changeStorefront(to: storefront)
        case .storeReachabilityChanged(let isReachable):
            guard state.isStoreUnreachable == isReachable else { return }
            state.isStoreUnreachable = !isReachable
            emit(.reachabilityChanged)
            // What changed while it was away is read again.
            if isReachable { _ = try? await refreshEntitlements() }
        case .productsChanged(let ids):
            await reloadProducts(ids)
        case .refundRequestsChanged:
            state.refundRequestChanges += 1
            emit(.refundRequestsChanged)
        }
    }
}
