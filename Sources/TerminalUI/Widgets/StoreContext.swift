import Foundation
import StorefrontModel

/// What every store view needs to know about the customer and the moment it draws:
/// what they own, what is being bought, the time (for spinners and dates) and how to draw.
///
/// Fill it from the storefront's snapshot each frame:
///
/// ```swift
/// let context = StoreContext(
///     snapshot: storefront.snapshot, elapsed: clock.now - start, now: Date(),
///     options: RenderOptions(environment: ProcessInfo.processInfo.environment),
///     policies: PolicyLinks(catalog.appPolicies, locale: "en_GB")
/// )
/// ```
public struct StoreContext: Sendable {
    /// The product being bought: its row shows a spinner and every other Buy is dimmed.
    public var pendingProductID: Product.ID?
    /// Products whose purchase waits for approval (Ask to Buy).
    public var awaitingApproval: Set<Product.ID>
    /// Products the customer is entitled to: owned non-consumables show "Owned".
    public var purchasedProductIDs: Set<Product.ID>
    /// Products the customer has without buying them: included by a named entitlement
    /// they hold from an earlier paid version of the app ("Included").
    public var includedProductIDs: Set<Product.ID>
    /// How many of each consumable the customer has bought ("×3").
    public var consumableCounts: [Product.ID: Int]
    /// Time since the app started, for spinner frames.
    public var elapsed: Duration
    /// The wall-clock time, for "takes effect on" dates.
    public var now: Date
    /// The time zone dates are shown in.
    public var timeZone: TimeZone
    public var options: RenderOptions
    /// Whether the store is presented over something it can close back to ("Close").
    public var isPresented: Bool
    /// Terms of service and privacy policy links, usually from the catalog.
    public var policies: PolicyLinks
    /// Who the customer is signed in as, when the app knows: subscription stores then
    /// offer Sign In even without a sign-in action of their own.
    public var account: String?
    /// Whether the purchase waits for the customer's answer on a confirmation sheet: nothing
    /// is in progress then, so the pending product's spinner stands still (an idle screen
    /// draws nothing).
    public var isWaitingForCustomer = false

    public init(
        pendingProductID: Product.ID? = nil,
        awaitingApproval: Set<Product.ID> = [],
        purchasedProductIDs: Set<Product.ID> = [],
        includedProductIDs: Set<Product.ID> = [],
        consumableCounts: [Product.ID: Int] = [:],
        elapsed: Duration = .zero,
        now: Date = Date(timeIntervalSince1970: 0),
        timeZone: TimeZone = .current,
        options: RenderOptions = RenderOptions(),
        isPresented: Bool = false,
        policies: PolicyLinks = PolicyLinks(),
        account: String? = nil
    ) {
        self.account = account
        self.pendingProductID = pendingProductID
        self.awaitingApproval = awaitingApproval
        self.purchasedProductIDs = purchasedProductIDs
        self.includedProductIDs = includedProductIDs
        self.consumableCounts = consumableCounts
        self.elapsed = elapsed
        self.now = now
        self.timeZone = timeZone
        self.options = options
        self.isPresented = isPresented
        self.policies = policies
    }

    /// The context a storefront's snapshot describes.
    public init(
        snapshot: StorefrontSnapshot,
        elapsed: Duration,
        now: Date,
        timeZone: TimeZone = .current,
        options: RenderOptions,
        isPresented: Bool = false,
        policies: PolicyLinks = PolicyLinks()
    ) {
        self.init(
            pendingProductID: snapshot.pendingProductID,
            awaitingApproval: snapshot.awaitingApproval,
            purchasedProductIDs: snapshot.purchasedProductIDs,
            consumableCounts: snapshot.entitlements.value?.consumableCounts ?? [:],
            elapsed: elapsed,
            now: now,
            timeZone: timeZone,
            options: options,
            isPresented: isPresented,
            policies: policies
        )
    }

    /// Whether `product` can be bought now: not while another purchase runs, not when
    /// owned (or subscribed to), not while its own purchase awaits approval.
    ///
    /// ```swift
    /// StoreContext(pendingProductID: "tip.small").canBuy(largeTip)  // false: one at a time
    /// ```
    public func canBuy(_ product: Product) -> Bool {
        pendingProductID == nil && !isOwned(product) && !awaitingApproval.contains(product.id)
    }

    /// Whether the customer has `product`, bought or included (consumables are never
    /// owned: they are bought again).
    func isOwned(_ product: Product) -> Bool {
        product.type != .consumable && (purchasedProductIDs.contains(product.id) || isIncluded(product))
    }

    /// Whether the customer has `product` without having bought it.
    func isIncluded(_ product: Product) -> Bool {
        product.type != .consumable && includedProductIDs.contains(product.id) && !purchasedProductIDs.contains(product.id)
    }

    /// The spinner frame for now.
    var spinner: String {
        Spinner.frame(at: elapsed, options: options)
    }

    /// What the pending product shows instead of its price: the spinner, still while the
    /// customer is asked.
    var pendingSpinner: String {
        Spinner.frame(at: isWaitingForCustomer ? .zero : elapsed, options: options)
    }

    /// `style` as these options allow (no colour under NO_COLOR).
    func style(_ style: Style) -> Style {
        options.style(style)
    }
}
