import StorefrontModel

// The transaction manager's reach beyond its screen: opening it, and the store's answers.
extension AppState {
    /// Opens the transaction manager over the screen on show, which Esc goes back to.
    mutating func openTransactionManager() -> [AppEffect] {
        guard options.transactionManager != nil, screen != .transactionManager else { return [] }
        var manager = screenStates[.transactionManager] ?? TransactionManagerState(returnScreen: screen)
        manager.returnScreen = screen
        screenStates[.transactionManager] = manager
        screen = .transactionManager
        return screenEffects(after: .opened)
    }

    /// Takes the rows the store listed, and then says how the action that changed them ended.
    mutating func managedItemsLoaded(_ result: Result<[ManagedItem], StoreFailure>) {
        guard var manager = transactionManager else { return }
        switch result {
        case .success(let items): manager.receive(items)
        case .failure(let failure): manager.loadError = language.describe(failure.error)
        }
        if let outcome = manager.outcomeAwaitingRows {
            manager.result = outcome
            manager.outcomeAwaitingRows = nil
            manager.isBusy = false
        }
        screenStates[.transactionManager] = manager
    }

    /// Keeps how an action ended, in one line, and reads the rows again: the line shows with
    /// them. What the customer owns is read again too, for an action the store's change feed
    /// does not announce (a declined refund, a refund request).
    mutating func managerActionFinished(_ action: TransactionManagerAction, on item: ManagedItem, _ result: Result<String?, StoreFailure>) -> [AppEffect] {
        guard var manager = transactionManager else { return [] }
        let done = "\(options.render.text(action.title)) #\(item.recordID)"
        switch result {
        case .success(let detail):
            manager.outcomeAwaitingRows = ManagerResult(text: "\(options.render.glyph(.check)) \(done)" + (detail.map { " (\($0))" } ?? ""), isError: false)
        case .failure(let failure):
            manager.outcomeAwaitingRows = ManagerResult(text: "\(options.render.glyph(.warning)) \(done): \(language.describe(failure.error))", isError: true)
        }
        screenStates[.transactionManager] = manager
        return [.loadManagedItems, .refreshEntitlements]
    }
}

extension TransactionManagerAction {
    /// The result line's name for it (a catalog key): the menu line that chose it.
    var title: String {
        switch self {
        case .requestRefund: ManagerVerb.requestRefund.title
        case .grantRefund: "Grant"
        case .grantProratedRefund: "Grant prorated"
        case .declineRefund, .decline: ManagerVerb.decline.title
        case .reverseRefund: ManagerVerb.reverseRefund.title
        case .approve: ManagerVerb.approve.title
        case .resolve: ManagerVerb.resolve.title
        case .expire: ManagerVerb.expire.title
        case .renewNow: ManagerVerb.renewNow.title
        case .failNextRenewal: ManagerVerb.failNextRenewal.title
        case .recoverBilling: ManagerVerb.recoverBilling.title
        case .raisePrice: ManagerVerb.raisePrice.title
        case .extendRenewalDate: ManagerVerb.extendRenewalDate.title
        }
    }
}
