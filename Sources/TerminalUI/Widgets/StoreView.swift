import StorefrontModel

/// A scrolling list of products, each drawn as a `ProductView` with a Buy action: the
/// terminal form of StoreKit's `StoreView`.
///
/// Products keep the order you give (duplicates dropped), or sort by price for a tip
/// jar. The app runtime loads `productIDs`, builds `content(for:filter:)` when the load
/// or the filter changes, and calls `render(_:state:context:in:into:)` every frame.
///
/// ```swift
/// let tipJar = StoreView(ids: ["tip.large", "tip.small", "tip.medium"], order: .priceAscending)
///     .productViewStyle(.compact)
///     .storeButton(.visible, for: .restorePurchases)
/// ```
public struct StoreView: InAppPurchaseView {
    /// The order rows appear in.
    public enum Order: Sendable, Hashable {
        /// The order of the IDs or products given.
        case asGiven
        /// Cheapest first; equal prices keep the given order.
        case priceAscending
    }

    /// Where the products come from.
    public enum Source: Sendable {
        /// Loaded by ID through the storefront.
        case ids([Product.ID])
        /// Already loaded.
        case products([Product])
    }

    public let source: Source
    public let order: Order
    public var modifiers = StoreViewModifiers()
    /// What to call a product before it loads, or when the storefront does not sell it;
    /// without a title, its ID.
    public internal(set) var placeholderTitles: PlaceholderTitles = [:]

    /// A store of the products with these IDs, loaded by the app runtime.
    ///
    /// ```swift
    /// StoreView(ids: ["tip.small", "tip.small", "tip.large"]).productIDs  // ["tip.small", "tip.large"]
    /// ```
    public init(ids: some Sequence<Product.ID>, order: Order = .asGiven) {
        source = .ids(ids.uniqued(by: \.self))
        self.order = order
    }

    /// A store of products already loaded.
    ///
    /// ```swift
    /// StoreView(products: [small, large]).productViewStyle(.regular)
    /// ```
    public init(products: some Sequence<Product>, order: Order = .asGiven) {
        source = .products(products.uniqued(by: \.id))
        self.order = order
    }

    /// The IDs to load, in the given order, without duplicates.
    public var productIDs: [Product.ID] {
        switch source {
        case .ids(let ids): ids
        case .products(let products): products.map(\.id)
        }
    }

    /// The state to show before any load: `.loading` for IDs, `.success` for products
    /// given already loaded.
    public var initialProducts: Product.CollectionTaskState {
        switch source {
        case .ids: .loading
        case .products(let products): .success(products, unavailable: [])
        }
    }

    /// Names the rows of products that are still loading or not sold here, which have no
    /// display name of their own.
    ///
    /// ```swift
    /// StoreView(ids: ["food.nyjer"]).placeholderTitles(["food.nyjer": "Nyjer Seed"])
    /// ```
    public func placeholderTitles(_ titles: PlaceholderTitles) -> StoreView {
        var copy = self
        copy.placeholderTitles = titles
        return copy
    }

    /// A product's name before it loads: its placeholder title, else its ID.
    ///
    /// ```swift
    /// StoreView(ids: ["food.nyjer"]).title(of: "food.nyjer")  // "food.nyjer"
    /// ```
    public func title(of id: Product.ID) -> String {
        placeholderTitles[id] ?? id
    }
}
