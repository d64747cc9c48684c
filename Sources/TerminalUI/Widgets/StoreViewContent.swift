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
    /// The rows, in display order, after the filter.
    public let products: [Product]
    /// How many rows there are without the filter.
    public let totalCount: Int
    /// IDs the store does not sell here (left out of the rows).
    public let unavailable: [Product.ID]
    /// The filter applied, trimmed; empty for none.
    public let filterText: String
    /// Widest price label over every row, filtered or not, so columns stay put while typing.
    let priceWidth: Int
    let compactPriceWidth: Int

    init(phase: Phase, products: [Product] = [], totalCount: Int = 0, unavailable: [Product.ID] = [], filterText: String = "", all: [Product] = []) {
        self.phase = phase
        self.products = products
        self.totalCount = totalCount
        self.unavailable = unavailable
        self.filterText = filterText
        priceWidth = all.lazy.map { displayWidth(of: priceLabel(for: $0, abbreviated: false)) }.max() ?? 0
        compactPriceWidth = all.lazy.map { displayWidth(of: priceLabel(for: $0, abbreviated: true)) }.max() ?? 0
    }

    /// Whether `product` matches a filter: its name or ID contains `filter`, ignoring case
    /// and accents. An empty or blank filter matches everything.
    ///
    /// ```swift
    /// StoreViewContent.matches(creme, filter: "CREME")  // true for "Crème Brûlée Seed"
    /// StoreViewContent.matches(creme, filter: "seed.creme")  // true: matches the ID too
    /// ```
    public static func matches(_ product: Product, filter: String) -> Bool {
        let needle = filter.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return true }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return product.displayName.range(of: needle, options: options) != nil
            || product.id.range(of: needle, options: options) != nil
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
    public func content(for state: Product.CollectionTaskState, filter: String? = nil) -> StoreViewContent {
        switch state {
        case .loading:
            return StoreViewContent(phase: .loading)
        case .failure(let error):
            return StoreViewContent(phase: .failure(error))
        case .success(let loaded, let unavailable):
            let ordered = order == .priceAscending
                ? loaded.enumerated().sorted { ($0.element.price, $0.offset) < ($1.element.price, $1.offset) }.map(\.element)
                : loaded
            let filterText = (filter ?? "").trimmingCharacters(in: .whitespaces)
            let shown = filterText.isEmpty ? ordered : ordered.filter { StoreViewContent.matches($0, filter: filterText) }
            return StoreViewContent(
                phase: .loaded, products: shown, totalCount: ordered.count,
                unavailable: unavailable, filterText: filterText, all: ordered
            )
        }
    }
}

/// The price a product row shows: the price, with the period for subscriptions.
func priceLabel(for product: Product, abbreviated: Bool) -> String {
    product.pricePerPeriod(spaced: false, abbreviated: abbreviated)
}
