import Foundation

/// A row of the store list: a shop, or the Purchases screen at the end.
///
/// ```swift
/// StoreListItem.items(of: layout, filter: "bird").map(\.title)  // ["Bird Food"]
/// ```
public enum StoreListItem: Sendable, Hashable {
    case shop(StoreLayout.Shop)
    case purchases

    /// What the row says: a shop's own title, or "Your Purchases" in the interface's language.
    public func title(language: InterfaceLanguage = .english) -> String {
        switch self {
        case .shop(let shop): shop.title
        case .purchases: language.text("Your Purchases")
        }
    }

    /// The rows for `layout`, keeping those whose title matches `filter` by the lists' one
    /// rule (`ListFilter`: every word starts a word of the title; a blank filter keeps all).
    public static func items(of layout: StoreLayout, filter: String?, language: InterfaceLanguage = .english) -> [StoreListItem] {
        let all = layout.shops.map(StoreListItem.shop) + [.purchases]
        guard let filter else { return all }
        return all.filter { ListFilter.matches([$0.title(language: language)], filter: filter) }
    }
}
