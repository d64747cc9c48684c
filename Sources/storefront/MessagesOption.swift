import ArgumentParser
import StorefrontModel
import TerminalUI

/// `run --messages on|off|defer`: what the storefront does with the App Store's messages
/// (a win-back offer's or a billing issue's sheet as the store opens, a price increase's consent sheet), as an app decides with `onStoreMessage`.
enum MessagesOption: String, CaseIterable, ExpressibleByArgument {
    /// Show them as the store opens (StoreKit's default).
    case on
    /// Suppress them: the app merchandises its offers itself.
    case off
    /// Keep them until the customer next comes back to the store list.
    case `defer`

    /// `options` with this choice made.
    func applied(to options: AppOptions) -> AppOptions {
        switch self {
        case .on: options
        case .off: options.onStoreMessage { _ in .suppress }
        case .defer: options.storeMessagesDeferred(true)
        }
    }
}
