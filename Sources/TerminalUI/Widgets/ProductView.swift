import StorefrontModel

/// One product with its price and a Buy action: the terminal form of StoreKit's
/// `ProductView`, in the `compact`, `regular` or `large` style.
///
/// The app runtime loads `id` and calls `render(_:isSelected:context:in:into:)` with the
/// `Product.TaskState`: a spinner while loading, a warning when unavailable or failed
/// (with "r to retry"), the product once loaded.
///
/// ```swift
/// let pro = ProductView(id: "pro.lifetime")
///     .productViewStyle(.large)
///     .onInAppPurchaseStart { product in print("buying", product.id) }
/// ```
public struct ProductView: InAppPurchaseView {
    public let id: Product.ID
    /// The product, when it was given already loaded.
    public let product: Product?
    public var modifiers = StoreViewModifiers()

    /// A view of the product with this ID, loaded by the app runtime.
    public init(id: Product.ID) {
        self.id = id
        product = nil
    }

    /// A view of a product already loaded.
    ///
    /// ```swift
    /// ProductView(tip).initialState  // .success(tip)
    /// ```
    public init(_ product: Product) {
        id = product.id
        self.product = product
    }

    /// The state to show before any load.
    public var initialState: Product.TaskState {
        product.map(Product.TaskState.success) ?? .loading
    }
}
