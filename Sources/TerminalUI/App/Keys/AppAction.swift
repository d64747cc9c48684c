/// What a key does in the app. Each screen's `KeyBinding` table maps keys to these, and
/// the same table writes the help bar and the help overlay. An action carries what it
/// needs (which way, how far), so nothing downstream looks at the key again.
///
/// ```swift
/// AppKeyBindings.table(for: .storeList).action(for: .char("j"))  // .move(by: 1)
/// ```
public enum AppAction: Sendable, Hashable {
    /// Up or down rows (↑ k / ↓ j): -1 is up.
    case move(by: Int)
    /// Up or down screenfuls (page up / page down): -1 is up.
    case page(by: Int)
    /// To the first row (home).
    case toStart
    /// To the last row (end).
    case toEnd
    /// The previous or next plan (← / →): -1 is the previous.
    case choosePlan(by: Int)
    /// The store button left or right of the focused one (← / → in the button row).
    case chooseButton(by: Int)
    /// Opens the selected shop, or buys the selected product, or presses the focused button.
    case activate
    /// Between the list and the buttons (tab, or shift-tab backwards).
    case cycleFocus(backwards: Bool)
    /// Back to the store list.
    case back
    /// Restores purchases, or retries a failed load.
    case restore
    /// Starts typing a filter.
    case filter
    /// Shows or hides the help overlay.
    case help
    case quit
    /// Confirms the purchase sheet.
    case confirm
    /// Cancels the purchase sheet.
    case cancel
    /// Closes the alert.
    case dismiss
    /// Runs the detail action of a `SubscriptionOfferView` (d).
    case showDetails
    /// The previous or next option group of a picker (← / →): -1 is the previous.
    case chooseGroup(by: Int)
    /// Pays the chosen plan by its other billing plan: up front or monthly (b).
    case switchBillingPlan
    /// Opens the operator's transaction manager (T), when the app has one.
    case openTransactionManager
    /// Asks for a refund of the selected purchase: opens the refund sheet (f).
    case requestRefund
}
