import Foundation
import StorefrontModel

/// How the app looks and behaves, set once when it starts.
///
/// ```swift
/// var options = AppOptions(render: RenderOptions(ascii: true, color: false))
/// options.confirmsPurchases = false  // like StoreKit testing's disableDialogs
/// options.shopViews["tips"] = .store(StoreView(ids: ["tip.small", "tip.large"]).productViewStyle(.large))
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
    /// Views composed in Swift, by shop ID: each replaces the view its layout shop
    /// describes (style, buttons, modifiers and actions). The shop's product IDs still say
    /// what loads, so give the view the same ones.
    public var shopViews: [StoreLayout.Shop.ID: ShopView]
    /// Who the storefront runs as, such as the command line's customer and ledger. With it,
    /// subscription stores show Sign In, which runs the view's sign-in action (if any) and
    /// then says who is signed in.
    public var account: String?
    /// Set when the storefront sells in another currency than the catalog's prices are
    /// written in: the numbers stay the catalog's (as in Xcode), and the header says so.
    public var repricing: Repricing?

    /// The catalog's currency and the storefront's, when they differ.
    public struct Repricing: Sendable, Hashable {
        /// The currency the catalog's prices are written in: "USD".
        public var catalogCurrency: String
        /// The currency the storefront shows them in: "JPY".
        public var storefrontCurrency: String

        public init(catalogCurrency: String, storefrontCurrency: String) {
            self.catalogCurrency = catalogCurrency
            self.storefrontCurrency = storefrontCurrency
        }
    }

    /// Turn on the terminal's mouse reporting, so a click selects a row or presses a
    /// button. While it is on, the terminal's own text selection needs a modifier (Shift
    /// in most terminals); off leaves the mouse to the terminal.
    public var mouse: Bool

    /// What the app does with each message the App Store sends (`onStoreMessage`); nil
    /// shows every one.
    public var storeMessageAction: (@Sendable (Message) -> Message.Disposition)?
    /// What the app runs when the refund sheet closes (`refundRequestSheet(onDismiss:)`).
    public var refundRequestDismissAction: RefundRequestDismissAction?

    /// The operator's controls, which turn on the transaction manager (T): `storefront run
    /// --transaction-manager` sets it; a customer's session never has it.
    public var transactionManager: (any TransactionManaging)?

    /// How long the store stays open once a server says it is closing (SIGUSR1 from
    /// `serve --ssh`, which passes its `--drain`): the notice counts down from it.
    public var closingTime: Duration = .seconds(10)

    public init(
        render: RenderOptions = RenderOptions(),
        policies: PolicyLinks = PolicyLinks(),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
        confirmsPurchases: Bool = true,
        purchaseActions: PurchaseActions = PurchaseActions(),
        shopViews: [StoreLayout.Shop.ID: ShopView] = [:],
        account: String? = nil,
        repricing: Repricing? = nil,
        mouse: Bool = true
    ) {
        self.render = render
        self.policies = policies
        self.timeZone = timeZone
        self.confirmsPurchases = confirmsPurchases
        self.purchaseActions = purchaseActions
        self.shopViews = shopViews
        self.account = account
        self.repricing = repricing
        self.mouse = mouse
    }
}
