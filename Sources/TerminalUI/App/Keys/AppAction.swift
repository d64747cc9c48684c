/// What a key does in the app. Each screen's `KeyBinding` table maps keys to these, and
/// the same table writes the help bar and the help overlay.
///
/// ```swift
/// AppKeyBindings.table(for: .storeList).action(for: .char("j"))  // .move
/// ```
public enum AppAction: Sendable, Hashable {
    /// Up or down a row (↑ k / ↓ j).
    case move
    /// Page up, page down, home, end.
    case jump
    /// The previous or next plan (← / →).
    case choosePlan
    /// Opens the selected shop, or buys the selected product, or presses the focused button.
    case activate
    /// Between the list and the buttons (tab / shift-tab).
    case cycleFocus
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
}
