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

    /// The rows for `layout`, keeping those whose title contains `filter` (ignoring case
    /// and accents; a blank filter keeps all).
    public static func items(of layout: StoreLayout, filter: String?) -> [StoreListItem] {
        let all = layout.shops.map(StoreListItem.shop) + [.purchases]
        let needle = (filter ?? "").trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return all }
        return all.filter { $0.title.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }
}
