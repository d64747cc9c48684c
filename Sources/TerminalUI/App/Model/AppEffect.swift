import StorefrontModel

/// Work `AppState.update(_:)` asks for. The runtime (`StoreApp`) runs each one as a task
/// against the `Storefront`, and each answers with one `AppMessage` carrying its result, as
/// Elm's commands do. Four are the runtime's own and answer nothing: `.confirm` and `.quit`
/// act at once, and `.runDataTasks` / `.cancelDataTasks` start and stop a view's tasks,
/// whose actions belong to the view, not to the app.
///
/// ```swift
/// var state = AppState(layout: layout, size: TerminalSize(width: 80, height: 24))
/// state.update(.key(.char("q")))  // [.quit]
/// ```
public enum AppEffect: Sendable, Hashable {
    /// Opens the shop: storefront, app transaction, entitlements; reports `.storeOpened`.
    case start
    /// Loads the products of a shop into its slot; reports `.productsLoaded`.
    case loadProducts([Product.ID], slot: LoadSlot)
    /// Buys a product through the storefront, with the purchase actions of the shop it
    /// was chosen in; reports `.purchaseFinished`.
    case purchase(Product, shop: StoreLayout.Shop.ID)
    /// Answers the confirmation sheet of a purchase request.
    case confirm(requestID: UInt64, confirmed: Bool)
    /// Restores purchases; reports `.restoreFinished`.
    case restore
    /// Loads what the customer owns again; reports `.entitlementsRefreshed`.
    case refreshEntitlements
    /// Loads every transaction for the Purchases screen; reports `.historyLoaded`.
    case loadHistory
    /// Starts the data-task modifiers of a shop's view (`.storeProductsTask(for:)`, …):
    /// its screen appeared.
    case runDataTasks(shop: StoreLayout.Shop.ID)
    /// Cancels them: the shop's screen went away.
    case cancelDataTasks(shop: StoreLayout.Shop.ID)
    /// Redeems an offer code through the storefront; reports `.redeemFinished`.
    case redeem(code: String)
    /// Runs the sign-in action of a shop's view; reports `.signedIn`.
    case signIn(shop: StoreLayout.Shop.ID)
    /// Ends the app.
    case quit
    /// Runs the detail action of a shop's `SubscriptionOfferView`; reports nothing.
    case detailAction(shop: StoreLayout.Shop.ID)
    /// Answers a price-increase consent message for the subscription `originalTransactionID`;
    /// reports `.entitlementsRefreshed`.
    case answerPriceIncrease(originalTransactionID: UInt64, consented: Bool)
    /// Reads the transaction manager's rows; reports `.managedItemsLoaded`.
    case loadManagedItems
    /// Does an operator's action through the transaction manager; reports `.managerActionFinished`.
    case manage(TransactionManagerAction, ManagedItem)
    /// Sends the refund sheet's request; reports `.refundRequestFinished`.
    case beginRefundRequest(transactionID: Transaction.ID, reason: Transaction.RefundRequestReason)
    /// Reads which purchases the customer asked a refund of; reports `.refundRequestsLoaded`.
    case loadRefundRequests
    /// Runs the app's `refundRequestSheet(onDismiss:)` action with how the sheet ended; reports nothing.
    case refundRequestDismissed(transactionID: Transaction.ID, Result<Transaction.RefundRequestStatus, Transaction.RefundRequestError>)
}

extension AppEffect {
    /// The effect's name as a settle that times out reports it: the case as written, with
    /// the product list of `loadProducts` given by its size (the 100,000 IDs of a large shop
    /// made a name of 3 MB, 6% of a 100,000-product start-up).
    var activityName: String {
        if case .loadProducts(let ids, let slot) = self { return "loadProducts(\(ids.count) products, slot: \(slot))" }
        return "\(self)"
    }
}
