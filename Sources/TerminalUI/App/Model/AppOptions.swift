import Foundation
import StorefrontModel

/// How the app looks and behaves, set once when it starts.
///
/// ```swift
/// var options = AppOptions(render: RenderOptions(ascii: true, color: false))
/// options.confirmsPurchases = false  // like StoreKit testing's disableDialogs
/// ```
public struct AppOptions: Sendable {
    /// Symbols and colours.
    public var render: RenderOptions
    /// Where the policies button's links lead, usually from the catalog.
    public var policies: PolicyLinks
    /// The time zone dates are shown in.
    public var timeZone: TimeZone
    /// Show the confirmation sheet before each purchase; off buys at once.
    public var confirmsPurchases: Bool
    /// Purchase actions around every shop, outside the shop's own.
    public var purchaseActions: PurchaseActions

    public init(
        render: RenderOptions = RenderOptions(),
        policies: PolicyLinks = PolicyLinks(),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
        confirmsPurchases: Bool = true,
        purchaseActions: PurchaseActions = PurchaseActions()
    ) {
        self.render = render
        self.policies = policies
        self.timeZone = timeZone
        self.confirmsPurchases = confirmsPurchases
        self.purchaseActions = purchaseActions
    }
}
