import Foundation
import StorefrontModel

/// An in-memory store for tests: a catalog per storefront, a ledger with renewals and
/// plan changes on the shared clock, and switches for latency, errors and purchase outcomes.
actor FakeStore: StoreBackend {
    /// What the next purchases do.
    enum Outcome: Sendable {
        case approve
        case approveUnverified
        case cancel
        case throwCancel
        case askToBuy
        case fail(any Error)
    }

    let clock: StoreClock
    private var calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private(set) var storefrontInfo = StorefrontInfo(id: "143444", countryCode: "GBR")
    private var catalog: [Product]
    private(set) var ledger: [Transaction] = []
    private(set) var unfinishedIDs: [Transaction.ID] = []
    private var unverifiedIDs: Set<Transaction.ID> = []
    private(set) var finishedIDs: [Transaction.ID] = []
    private var nextID: Transaction.ID = 1
    private var deferredChange: [String: Product.ID] = [:]
    private var forcedState: [String: Product.SubscriptionInfo.RenewalState] = [:]
    private var awaitingApproval: [Product] = []
    private nonisolated let updateFeed = Broadcast<StoreUpdate>()

    var outcome: Outcome = .approve
    var productsLatency: Duration = .zero
    var productsError: (any Error)?
    var transactionsError: (any Error)?
    var duringPurchase: (@Sendable (Product) async -> Void)?
    private(set) var productRequests: [[Product.ID]] = []
    private(set) var cancelledRequests: [[Product.ID]] = []
    private(set) var purchases: [(id: Product.ID, options: Set<Product.PurchaseOption>)] = []
    private(set) var syncCount = 0
    var appTransactionResult = VerificationResult.verified(
        AppTransaction(appVersion: "3.0", originalAppVersion: "3.0", originalPurchaseDate: Catalog.epoch)
    )

    init(clock: StoreClock, catalog: [Product] = Catalog.all) {
        self.clock = clock
        self.catalog = catalog
    }

    // MARK: Test controls

    func set(outcome: Outcome) { self.outcome = outcome }
    func set(productsLatency: Duration) { self.productsLatency = productsLatency }
    func set(productsError: (any Error)?) { self.productsError = productsError }
    func set(transactionsError: (any Error)?) { self.transactionsError = transactionsError }
    func set(duringPurchase: @escaping @Sendable (Product) async -> Void) { self.duringPurchase = duringPurchase }
    func set(appTransaction: VerificationResult<AppTransaction>) { appTransactionResult = appTransaction }

    /// Moves the customer to another storefront with another catalog, and says so.
    func changeStorefront(to info: StorefrontInfo, catalog: [Product]) {
        storefrontInfo = info
        self.catalog = catalog
        send(.storefrontChanged(info))
    }

    /// Writes a transaction straight into the ledger, unfinished, as a past session would.
    @discardableResult
    func seed(_ product: Product, at date: Date? = nil, quantity: Int = 1) -> Transaction {
        write(product, at: date ?? clock.now, quantity: quantity)
    }

    func approveAskToBuy() {
        for product in awaitingApproval {
            send(.transaction(.verified(write(product, at: clock.now, quantity: 1))))
        }
        awaitingApproval = []
    }

    func refund(_ transactionID: Transaction.ID) {
        guard let index = ledger.firstIndex(where: { $0.id == transactionID }) else { return }
        ledger[index] = ledger[index].with(revocationDate: clock.now)
        send(.transaction(.verified(ledger[index])))
    }

    /// Puts a group into a renewal state the ledger alone would not give (billing retry).
    func force(_ state: Product.SubscriptionInfo.RenewalState, group: String) {
        forcedState[group] = state
        send(.subscriptionStatusChanged(groupID: group))
    }

    // MARK: StoreBackend

    func storefront() async throws -> StorefrontInfo {
        storefrontInfo
    }

    /// Offer codes the fake accepts, each for the product it grants; each works once.
    var offerCodes: [String: Product.ID] = [:]

    func redeem(offerCode code: String) async throws -> VerificationResult<Transaction> {
        guard let id = offerCodes.removeValue(forKey: code), let product = catalog.first(where: { $0.id == id }) else {
            throw OfferCodeError.unknownCode(code)
        }
        return .verified(write(product, at: clock.now, quantity: 1))
    }

    func setOfferCode(_ code: String, for productID: Product.ID) {
        offerCodes[code] = productID
    }

    func products(for ids: [Product.ID]) async throws -> [Product] {
        productRequests.append(ids)
        do {
            if productsLatency > .zero { try await clock.sleep(for: productsLatency) }
        } catch {
            cancelledRequests.append(ids)
            throw error
        }
        if let productsError { throw productsError }
        return catalog.filter { ids.contains($0.id) }.reversed() // any order is allowed
    }

    func purchase(_ product: Product, options: Set<Product.PurchaseOption>) async throws -> Product.PurchaseResult {
        purchases.append((product.id, options))
        await duringPurchase?(product)
        switch outcome {
        case .cancel: return .userCancelled
        case .throwCancel: throw StoreKitError.userCancelled
        case .fail(let error): throw error
        case .askToBuy:
            awaitingApproval.append(product)
            return .pending
        case .approve, .approveUnverified:
            let quantity = options.lazy.compactMap { if case .quantity(let n) = $0 { n } else { nil } }.first ?? 1
            let transaction = buy(product, quantity: quantity)
            if case .approveUnverified = outcome {
                unverifiedIDs.insert(transaction.id)
            }
            return .success(signed(transaction))
        }
    }

    func allTransactions() async throws -> [VerificationResult<Transaction>] {
        if let transactionsError { throw transactionsError }
        renewDueSubscriptions()
        return ledger.map(signed)
    }

    func subscriptionStatuses(for groupID: String) async throws -> [Product.SubscriptionInfo.Status] {
        renewDueSubscriptions()
        guard let latest = latestSubscription(in: groupID) else { return [] }
        let now = clock.now
        let state: Product.SubscriptionInfo.RenewalState =
            if latest.revocationDate != nil { .revoked }
            else if let forced = forcedState[groupID] { forced }
            else if let end = latest.expirationDate, now < end { .subscribed }
            else { .expired }
        let renewal = Product.SubscriptionInfo.RenewalInfo(
            originalTransactionID: latest.originalID, currentProductID: latest.productID,
            willAutoRenew: true, autoRenewPreference: deferredChange[groupID] ?? latest.productID,
            isInBillingRetry: state == .inBillingRetryPeriod
        )
        return [.init(state: state, transaction: .verified(latest), renewalInfo: .verified(renewal))]
    }

    func unfinishedTransactions() async throws -> [VerificationResult<Transaction>] {
        ledger.filter { unfinishedIDs.contains($0.id) }.map(signed)
    }

    func finish(_ transaction: Transaction) async throws {
        unfinishedIDs.removeAll { $0 == transaction.id }
        finishedIDs.append(transaction.id)
    }

    func sync() async throws {
        syncCount += 1
    }

    func appTransaction() async throws -> VerificationResult<AppTransaction> {
        appTransactionResult
    }

    func updates() async -> AsyncStream<StoreUpdate> {
        updateFeed.subscribe()
    }

    nonisolated var updateDelivery: Delivery { updateFeed.delivery }

    // MARK: Ledger

    /// A ledger row as the store hands it out: verified unless its signature was spoiled.
    private func signed(_ transaction: Transaction) -> VerificationResult<Transaction> {
        unverifiedIDs.contains(transaction.id) ? .unverified(transaction, .invalidSignature) : .verified(transaction)
    }

    private func send(_ update: StoreUpdate) {
        updateFeed.send(update)
    }

    private func latestSubscription(in groupID: String) -> Transaction? {
        ledger.filter { $0.subscriptionGroupID == groupID && !$0.isUpgraded }.max { $0.purchaseDate < $1.purchaseDate }
    }

    /// A purchase: a plan change inside an active group follows `PlanChange`; anything
    /// else is a new transaction.
    private func buy(_ product: Product, quantity: Int) -> Transaction {
        let now = clock.now
        guard let groupID = product.subscription?.subscriptionGroupID,
              let current = latestSubscription(in: groupID), current.revocationDate == nil,
              let renewal = current.expirationDate, now < renewal,
              let currentProduct = catalog.first(where: { $0.id == current.productID }),
              let change = PlanChange(from: currentProduct, renewingAt: renewal, to: product, now: now)
        else { return write(product, at: now, quantity: quantity) }
        guard change.timing == .immediately else {
            deferredChange[groupID] = product.id
            return current
        }
        if let index = ledger.firstIndex(where: { $0.id == current.id }) {
            ledger[index] = current.with(isUpgraded: true)
        }
        return write(product, at: now, quantity: quantity, originalID: current.originalID)
    }

    @discardableResult
    private func write(_ product: Product, at date: Date, quantity: Int, originalID: Transaction.ID? = nil) -> Transaction {
        let groupID = product.subscription?.subscriptionGroupID
        let isNewToGroup = groupID.map { id in !ledger.contains { $0.subscriptionGroupID == id } } ?? false
        let expiration: Date? = switch product.type {
        case .autoRenewable: product.subscription!.subscriptionPeriod.end(startingAt: date, in: calendar)
        case .nonRenewable: Catalog.month.end(startingAt: date, in: calendar)
        case .consumable, .nonConsumable: nil
        }
        let transaction = Transaction(
            id: nextID, originalID: originalID ?? nextID, productID: product.id, productType: product.type,
            subscriptionGroupID: groupID, purchaseDate: date, expirationDate: expiration,
            purchasedQuantity: quantity,
            offer: isNewToGroup && product.subscription?.introductoryOffer != nil
                ? Transaction.Offer(type: .introductory, id: nil, paymentMode: .freeTrial) : nil
        )
        nextID += 1
        ledger.append(transaction)
        unfinishedIDs.append(transaction.id)
        return transaction
    }

    /// Writes the renewals that fell due, switching to a deferred plan at its renewal.
    private func renewDueSubscriptions() {
        let now = clock.now
        for groupID in Set(ledger.compactMap(\.subscriptionGroupID)) where forcedState[groupID] == nil {
            while let latest = latestSubscription(in: groupID), latest.revocationDate == nil,
                  let end = latest.expirationDate, end <= now {
                let next = deferredChange.removeValue(forKey: groupID) ?? latest.productID
                guard let product = catalog.first(where: { $0.id == next }) else { break }
                write(product, at: end, quantity: 1, originalID: latest.originalID)
            }
        }
    }
}
