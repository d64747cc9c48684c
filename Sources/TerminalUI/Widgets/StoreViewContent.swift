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

    /// Whether `product` matches a filter: every word of `filter` starts a word of its
    /// name or its ID, ignoring case and accents. Words start after a space or punctuation,
    /// and at any CJK character (those scripts do not space their words). An empty or
    /// blank filter matches everything.
    ///
    /// ```swift
    /// StoreViewContent.matches(creme, filter: "CREME")       // true for "Crème Brûlée Mix"
    /// StoreViewContent.matches(creme, filter: "mix bru")     // true: both words start words
    /// StoreViewContent.matches(creme, filter: "seed.creme")  // true: the ID matches
    /// StoreViewContent.matches(creme, filter: "reme")        // false: not at a word start
    /// ```
    public static func matches(_ product: Product, filter: String) -> Bool {
        let words = filter.split(whereSeparator: \.isWhitespace).map { folded(String($0)) }
        guard !words.isEmpty else { return true }
        let name = folded(product.displayName)
        let id = folded(product.id)
        return words.allSatisfy { startsWord($0, in: name) || startsWord($0, in: id) }
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func startsWord(_ word: String, in text: String) -> Bool {
        var from = text.startIndex
        while let found = text.range(of: word, range: from..<text.endIndex) {
            guard found.lowerBound > text.startIndex else { return true }
            let before = text[text.index(before: found.lowerBound)]
            if !(before.isLetter || before.isNumber) || displayWidth(of: text[found.lowerBound]) > 1 { return true }
            from = text.index(after: found.lowerBound)
        }
        return false
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
