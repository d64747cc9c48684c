import StoreCatalog
import StorefrontModel
import TerminalUI

extension StoreLayout {
    /// The layout used when there is no layout file: one subscriptions shop per group
    /// (plans in picker order), then a shop each for consumables, non-consumables and
    /// non-renewing subscriptions, in catalog order. Kinds the catalog lacks are left out.
    /// Groups and products are named by the catalog for `locale`; the kinds' shops in the
    /// interface's `language`.
    ///
    /// ```swift
    /// let layout = StoreLayout(catalog: catalog, title: "Tip Jar")
    /// layout.shops.map(\.title)  // ["Consumables"]
    /// StoreLayout(catalog: catalog, title: "Cheers", language: InterfaceLanguage(matching: "ja")).shops.map(\.title)  // ["消耗型"]
    /// ```
    public init(catalog: Catalog, title: String, locale: String? = nil, language: InterfaceLanguage = .english) {
        var shops: [Shop] = catalog.subscriptionGroups.compactMap { group in
            let plans = catalog.subscriptions(in: group).map(\.id)
            guard !plans.isEmpty else { return nil }
            return Shop(
                id: "group." + group.id,
                title: catalog.localizedText(for: group, locale: locale).displayName,
                kind: .subscriptions, productIDs: plans, groupID: group.id,
                buttons: [.restorePurchases, .policies]
            )
        }
        let kinds: [(CatalogProduct.ProductType, String, String)] = [
            (.consumable, "consumables", "Consumables"),
            (.nonConsumable, "nonConsumables", "Non-Consumables"),
            (.nonRenewable, "nonRenewing", "Non-Renewing Subscriptions"),
        ]
        for (type, id, name) in kinds {
            let items = catalog.products.filter { $0.type == type }
            guard !items.isEmpty else { continue }
            let buttons: [Shop.Button] = type == .consumable ? [] : [.restorePurchases]
            // Rows are named while they load by the names the catalog gives them.
            let titles = PlaceholderTitles { id in
                catalog.productPosition(id: id).map {
                    catalog.products[$0].localizedText(locale: locale, fallbackLocale: catalog.settings.locale).displayName
                }
            }
            shops.append(Shop(id: id, title: language.text(name), kind: .store, productIDs: items.map(\.id), buttons: buttons, titles: titles))
        }
        self.init(title: title, shops: shops)
    }
}
