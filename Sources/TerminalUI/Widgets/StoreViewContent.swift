import Foundation
import StorefrontModel

/// The rows a `StoreView` shows, worked out once per load or filter change so that
/// drawing a frame only touches the rows on screen.
///
/// ```swift
/// let content = tipJar.content(for: storefront.snapshot.products["tips"] ?? .loading, filter: "coffee")
/// content.products.map(\.displayName)  // the matching rows, in display order
/// content.totalCount                   // rows before filtering
/// ```
public struct StoreViewContent: Sendable {
    /// Where the load stands.
    public enum Phase: Sendable {
        case loading
        case failure(any Error)
        case loaded
    }

    public let phase: Phase
    /// The rows, in display order, after the filter: products, and the products the view
    /// names that are still loading or not sold here, each in its place.
    public let rows: StoreRows
    /// How many rows there are without the filter.
    public let totalCount: Int
    /// IDs the store does not sell here (shown as `.unavailable` rows).
    public let unavailable: [Product.ID]
    /// The filter applied, trimmed; empty for none.
    public let filterText: String
    /// The win-back offer each subscription row shows to a churned subscriber and applies
    /// when it is bought, as a picker does (`offering(for:)`).
    public internal(set) var offers: [Product.ID: Product.SubscriptionOffer] = [:]
    /// Widest price label over every row, filtered or not, so columns stay put while typing.
    let priceWidth: Int
    let compactPriceWidth: Int

    /// The products among the rows, in display order.
    public var products: [Product] {
        rows.compactMap(\.product)
    }

    init(
        phase: Phase, rows: StoreRows = [], totalCount: Int = 0, unavailable: [Product.ID] = [], filterText: String = "", all: [Product] = [],
        language: InterfaceLanguage = .english
    ) {
        self.phase = phase
        self.rows = rows
        self.totalCount = totalCount
        self.unavailable = unavailable
        self.filterText = filterText
        priceWidth = all.lazy.map { displayWidth(of: priceLabel(for: $0, abbreviated: false, language: language)) }.max() ?? 0
        compactPriceWidth = all.lazy.map { displayWidth(of: priceLabel(for: $0, abbreviated: true, language: language)) }.max() ?? 0
    }

    /// The same rows, each subscription with the win-back offer the customer who owns
    /// `owned` can take on it, best first as the store lists them; none while what they
    /// own is unknown.
    ///
    /// ```swift
    /// let content = view.content(for: loaded).offering(for: storefront.snapshot.entitlements.value)
    /// content.offers[grove.id]?.type  // .winBack, for a churned Grove subscriber
    /// ```
    public func offering(for owned: CustomerEntitlements?) -> StoreViewContent {
        guard let owned else { return self }
        var copy = self
        // Over the rows themselves: `products` would be a second array of every product.
        for case .product(let product) in rows {
            guard let groupID = product.subscription?.subscriptionGroupID else { continue }
            let standing = SubscriptionStanding(owned.subscriptionGroup(groupID))
            copy.offers[product.id] = SubscriptionStoreView.eligibleOffers(for: product, standing: standing).first { $0.type == .winBack }
        }
        return copy
    }

    /// Whether `product` matches a filter by the lists' one rule (`ListFilter`): every word
    /// starts a word of its name or its ID.
    ///
    /// ```swift
    /// StoreViewContent.matches(creme, filter: "mix bru")     // true for "Crème Brûlée Mix"
    /// StoreViewContent.matches(creme, filter: "seed.creme")  // true: the ID matches
    /// ```
    public static func matches(_ product: Product, filter: String) -> Bool {
        ListFilter.matches([product.displayName, product.id], filter: filter)
    }
}

extension StoreView {
    /// The rows for a load state: in the view's order, unavailable IDs left out, then
    /// filtered by `filter` (see `StoreViewContent.matches`). Costs one pass over the
    /// products (plus a sort for `.priceAscending`): call it when the load or the filter
    /// changes, not every frame.
    ///
    /// ```swift
    /// let content = StoreView(ids: ids, order: .priceAscending).content(for: .success(tips, unavailable: []))
    /// content.products.map(\.displayPrice)  // ["£0.99", "£1.99", "£4.99"]
    /// ```
    public func content(for state: Product.CollectionTaskState, filter: String? = nil, language: InterfaceLanguage = .english) -> StoreViewContent {
        switch state {
        case .loading:
            // Rows known in advance each turn their own spinner until the load answers.
            let rows = StoreRows([], thenLoading: productIDs[...])
            return StoreViewContent(phase: .loading, rows: rows, totalCount: rows.count)
        case .failure(let error):
            // Rows known in advance keep their places, each with its own warning.
            let rows = productIDs.map { StoreRow.failed(id: $0) }
            return StoreViewContent(phase: .failure(error), rows: StoreRows(rows), totalCount: rows.count)
        case .success(let loaded, let unavailable):
            let ordered = order == .priceAscending
                ? loaded.enumerated().sorted { ($0.element.price, $0.offset) < ($1.element.price, $1.offset) }.map(\.element)
                : loaded
            let filterText = (filter ?? "").trimmingCharacters(in: .whitespaces)
            let rows: StoreRows
            if !filterText.isEmpty {
                rows = StoreRows(products: ordered.filter { StoreViewContent.matches($0, filter: filterText) })
            } else if unavailable.isEmpty {
                rows = StoreRows(products: ordered)
            } else {
                rows = StoreRows(placing(unavailable, among: ordered))
            }
            return StoreViewContent(
                phase: .loaded, rows: rows, totalCount: ordered.count + unavailable.count,
                unavailable: unavailable, filterText: filterText, all: ordered, language: language
            )
        }
    }

    /// The rows while a long list in the given order loads: its first page as loaded (`products`
    /// and `unavailable`, the answer for the first IDs), then a loading row for each ID
    /// after it. Loaded, so the page can be browsed and bought from at once. With a filter,
    /// only the first page's matches: the rest cannot match before it has loaded.
    ///
    /// ```swift
    /// let content = StoreView(ids: ids).content(firstPage: page, unavailable: [])
    /// content.rows.count  // ids.count
    /// ```
    public func content(firstPage products: [Product], unavailable: [Product.ID], filter: String? = nil, language: InterfaceLanguage = .english) -> StoreViewContent {
        let page = content(for: .success(products, unavailable: unavailable), filter: filter, language: language)
        guard page.filterText.isEmpty else { return page }
        // The page's rows, then the view's own IDs after it, each a loading row when asked for.
        let rows = StoreRows(Array(page.rows), thenLoading: productIDs.dropFirst(products.count + unavailable.count))
        return StoreViewContent(
            phase: .loaded, rows: rows, totalCount: productIDs.count,
            unavailable: unavailable, all: products, language: language
        )
    }

    /// The rows with each unavailable ID in its place: where the view names it, or after
    /// the products when they sort by price (it has none).
    private func placing(_ unavailable: [Product.ID], among ordered: [Product]) -> [StoreRow] {
        let missing = unavailable.map { StoreRow.unavailable(id: $0) }
        guard order == .asGiven else { return ordered.map(StoreRow.product) + missing }
        let missingIDs = Set(unavailable)
        var byID = Dictionary(ordered.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [StoreRow] = []
        for id in productIDs {
            if let product = byID.removeValue(forKey: id) {
                rows.append(.product(product))
            } else if missingIDs.contains(id) {
                rows.append(.unavailable(id: id))
            }
        }
        // Products the view did not name (given already loaded) keep their order at the end.
        return rows + ordered.filter { byID[$0.id] != nil }.map(StoreRow.product)
    }
}

/// One row of a store: a product, or a product the view names that is not here (yet). A
/// placeholder row's title is the view's (`StoreView.title(of:)`), asked when it is drawn.
///
/// ```swift
/// for row in content.rows {
///     switch row {
///     case .product(let product): print(product.displayName, product.displayPrice)
///     case .loading(let id): print(view.title(of: id), "…")
///     case .unavailable(let id): print(view.title(of: id), "not available here")
///     case .failed(let id): print(view.title(of: id), "could not load")
///     }
/// }
/// ```
public enum StoreRow: Sendable {
    case product(Product)
    /// Still loading: its own spinner in place of the price.
    case loading(id: Product.ID)
    /// The storefront does not sell it: a warning and the reason, never Buy.
    case unavailable(id: Product.ID)
    /// Its load failed: a warning and r to retry.
    case failed(id: Product.ID)

    /// The product, for a product row.
    public var product: Product? {
        if case .product(let product) = self { product } else { nil }
    }
}

/// The price a product row shows: the price, with the period for subscriptions.
func priceLabel(for product: Product, abbreviated: Bool, language: InterfaceLanguage) -> String {
    product.pricePerPeriod(spaced: false, abbreviated: abbreviated, language: language)
}
