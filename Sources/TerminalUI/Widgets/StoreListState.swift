import StorefrontModel

/// Where keyboard focus is in a store view.
///
/// ```swift
/// var state = StoreListState()
/// state.focus = .button(.restorePurchases)  // tab moved to the button bar
/// ```
public enum StoreFocus: Sendable, Hashable {
    /// The products (or plans).
    case list
    /// The `/` filter line.
    case filter
    /// A button of the store buttons bar.
    case button(StoreButton.Role)
}

/// The part of a `StoreView`'s state the app owns and changes on keys: the selected row,
/// the first visible row, the filter text, the focus, and how the customer chose to pay
/// plans with billing plans.
///
/// ```swift
/// var state = StoreListState()
/// state.select(state.selectedIndex + 1, in: content, layout: layout)  // down arrow
/// state.filterText = "seed"                                              // typed after "/"
/// ```
public struct StoreListState: Sendable, Hashable {
    /// Index into `StoreViewContent.products`.
    public var selectedIndex: Int
    /// Index of the first row on screen.
    public var scrollOffset: Int
    /// The filter being typed or applied; `nil` shows no filter line.
    public var filterText: String?
    public var focus: StoreFocus
    /// How the customer chose (b) to pay a yearly plan that can also be paid monthly; a
    /// plan not here is paid up front.
    public var billingPlans: [Product.ID: Product.SubscriptionInfo.BillingPlanType] = [:]

    public init(selectedIndex: Int = 0, scrollOffset: Int = 0, filterText: String? = nil, focus: StoreFocus = .list) {
        self.selectedIndex = selectedIndex
        self.scrollOffset = scrollOffset
        self.filterText = filterText
        self.focus = focus
    }

    /// Selects `index` (clamped to the rows there are) and scrolls just enough to show it.
    ///
    /// ```swift
    /// state.select(content.rows.count - 1, in: content, layout: layout)  // end key
    /// ```
    public mutating func select(_ index: Int, in content: StoreViewContent, layout: StoreViewLayout) {
        selectedIndex = min(max(0, index), max(0, content.rows.count - 1))
        scrollOffset = StoreViewLayout.scrollOffset(
            revealing: selectedIndex, from: scrollOffset,
            visibleRowCount: layout.visibleRowCount, rowCount: content.rows.count
        )
    }
}

extension StoreListState {
    /// The monthly plan's terms, when the customer chose to pay `product` monthly.
    public func monthlyPricingTerms(of product: Product) -> Product.SubscriptionInfo.PricingTerms? {
        billingPlans[product.id] == .monthly ? product.subscription?.monthlyPricingTerms : nil
    }

    /// The billing plan b turns `product` to; nil for a product with one way to pay.
    public func otherBillingPlan(of product: Product) -> Product.SubscriptionInfo.BillingPlanType? {
        guard product.subscription?.monthlyPricingTerms != nil else { return nil }
        return billingPlans[product.id] == .monthly ? .upFront : .monthly
    }
}
