import Foundation

/// A row of the store list: a shop, or the Purchases screen at the end.
///
/// ```swift
/// StoreListItem.items(of: layout, filter: "bird").map(\.title)  // ["Bird Food"]
/// ```
public enum StoreListItem: Sendable, Hashable {
    case shop(StoreLayout.Shop)
    case purchases

    /// What the row says.
    public var title: String {
        switch self {
        case .shop(let shop): shop.title
        case .purchases: "Your Purchases"
        }
    }

    /// The rows for `layout`, keeping those whose title matches `filter` by the lists' one
    /// rule (`ListFilter`: every word starts a word of the title; a blank filter keeps all).
    public static func items(of layout: StoreLayout, filter: String?) -> [StoreListItem] {
        let all = layout.shops.map(StoreListItem.shop) + [.purchases]
        guard let filter else { return all }
        return all.filter { ListFilter.matches([$0.title], filter: filter) }
    }
}
