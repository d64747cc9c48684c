import LocalStore
import StoreCatalog
import TerminalUI

/// A storefront selling in another currency than the catalog's prices are written in: a
/// `.storekit` file has one price per product, so `--storefront JPN` on a dollar catalog
/// shows $9.99 as ¥10, as Xcode's StoreKit Testing does. `catalog`, `buy` and the app's
/// header say so once.
extension AppOptions.Repricing {
    /// Nil when `country` sells in the catalog's own currency.
    init?(catalog: Catalog, country: StorefrontCountry) {
        guard country.currencyCode != catalog.storefront.currencyCode else { return nil }
        self.init(catalogCurrency: catalog.storefront.currencyCode, storefrontCurrency: country.currencyCode)
    }

    /// The store's storefront against its catalog.
    init?(_ store: CatalogStorefront) {
        self.init(catalog: store.catalog, country: store.country)
    }

    /// The command line's sentence: "Prices are the catalog's own USD amounts, shown in JPY:
    /// a .storekit file has one price per product (as in Xcode's StoreKit Testing)."
    var sentence: String {
        "Prices are the catalog's own \(catalogCurrency) amounts, shown in \(storefrontCurrency): "
            + "a .storekit file has one price per product (as in Xcode's StoreKit Testing)."
    }
}
