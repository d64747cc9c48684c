import StorefrontModel

/// A store's rows in display order: the rows worked out (or, when every row is a product,
/// the products themselves), then, while a long list loads, a loading row for each ID after
/// them, made when asked for. The products and the IDs are arrays the store and the view
/// hold already, shared: a list of 100,000 products holds no row of its own, where an array
/// of rows took 2.4 MB (twice over while the whole list's rows replaced the first page's).
///
/// ```swift
/// let rows = StoreRows(page, thenLoading: ids.dropFirst(page.count))
/// rows.count      // page.count + the IDs still loading
/// rows.last       // .loading(id: ids.last!)
/// StoreRows(products: loaded).first  // .product(loaded[0])
/// ```
public struct StoreRows: RandomAccessCollection, Sendable {
    private enum Head: Sendable {
        case rows([StoreRow])
        case products([Product])
    }

    private let head: Head
    private let headCount: Int
    private let loading: ArraySlice<Product.ID>

    /// `rows`, then a loading row for each of `loading`.
    public init(_ rows: [StoreRow], thenLoading loading: ArraySlice<Product.ID> = []) {
        head = .rows(rows)
        headCount = rows.count
        self.loading = loading
    }

    /// A product row for each of `products`.
    public init(products: [Product]) {
        head = .products(products)
        headCount = products.count
        loading = []
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { headCount + loading.count }

    public subscript(position: Int) -> StoreRow {
        guard position < headCount else { return .loading(id: loading[loading.startIndex + position - headCount]) }
        switch head {
        case .rows(let rows): return rows[position]
        case .products(let products): return .product(products[position])
        }
    }
}

extension StoreRows: ExpressibleByArrayLiteral {
    public init(arrayLiteral rows: StoreRow...) {
        self.init(rows)
    }
}
