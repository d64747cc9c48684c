import StorefrontModel

/// A store's rows in display order: the rows worked out, then, while a long list loads,
/// a loading row for each ID after them, made when asked for. Those IDs are the view's own
/// array, shared: a list of 100,000 products that has loaded its first page holds 200 rows,
/// not 100,000 (2.4 MB, twice over while the whole list's rows replace them).
///
/// ```swift
/// let rows = StoreRows(page, thenLoading: ids.dropFirst(page.count))
/// rows.count      // page.count + the IDs still loading
/// rows.last       // .loading(id: ids.last!)
/// ```
public struct StoreRows: RandomAccessCollection, Sendable {
    private let worked: [StoreRow]
    private let loading: ArraySlice<Product.ID>

    /// `rows`, then a loading row for each of `loading`.
    public init(_ rows: [StoreRow], thenLoading loading: ArraySlice<Product.ID> = []) {
        worked = rows
        self.loading = loading
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { worked.count + loading.count }

    public subscript(position: Int) -> StoreRow {
        position < worked.count ? worked[position] : .loading(id: loading[loading.startIndex + position - worked.count])
    }
}

extension StoreRows: ExpressibleByArrayLiteral {
    public init(arrayLiteral rows: StoreRow...) {
        self.init(rows)
    }
}
