import StorefrontModel

/// What the transaction manager keeps: the rows as the store last listed them, the
/// selection, the action being chosen, and the last action's one-line result.
///
/// ```swift
/// state.transactionManager?.items?.first?.verbs   // [.requestRefund, .renewNow, …]
/// state.transactionManager?.result?.text          // "✓ Grant 3: REFUND_FULL"
/// ```
public struct TransactionManagerState: Sendable {
    /// The rows, newest transaction first, then the requests; nil until the store answers.
    public internal(set) var items: [ManagedItem]?
    /// Why the rows could not be read, in the store's words.
    public internal(set) var loadError: String?
    var list = StoreListState()
    /// The action being chosen over the list, if one is.
    public internal(set) var dialog: ManagerDialog?
    /// The last action's outcome, shown once the rows it changed are read again.
    public internal(set) var result: ManagerResult?
    /// An action is with the store, or its rows are being read again.
    public internal(set) var isBusy = false
    /// The outcome of an action the store has done, kept until the rows are read again, so
    /// the result line never stands over the rows as they were before it.
    var outcomeAwaitingRows: ManagerResult?
    /// Where Esc goes back to.
    var returnScreen: AppState.Screen

    /// The selected row, if any.
    public var selectedItem: ManagedItem? {
        guard let items, items.indices.contains(list.selectedIndex) else { return nil }
        return items[list.selectedIndex]
    }

    /// Takes the store's new rows, keeping the selection on the same row where it still is.
    mutating func receive(_ loaded: [ManagedItem]) {
        let selectedID = selectedItem?.id
        items = loaded
        loadError = nil
        if let selectedID, let index = loaded.firstIndex(where: { $0.id == selectedID }) {
            list.selectedIndex = index
        } else {
            list.selectedIndex = min(list.selectedIndex, max(0, loaded.count - 1))
        }
    }
}

/// One action's outcome, as the line under the manager's list says it.
public struct ManagerResult: Sendable, Hashable {
    public let text: String
    public let isError: Bool
}

extension AppState {
    /// The transaction manager's state, once it has been opened.
    public var transactionManager: TransactionManagerState? {
        screenStates[.transactionManager]
    }
}
