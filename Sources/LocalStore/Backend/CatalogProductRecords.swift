import Foundation
import StoreCatalog
import StorefrontModel

/// A catalog's products as one storefront sells them, read from the catalog when a field is
/// asked: the store's answer is then a row number a product, and the catalog keeps the only
/// copy of each product's names, price and terms.
///
/// Only rows whose product the catalog has built are made into products (`products(for:)`
/// checks each), so reading one never waits for long and always finds it.
///
/// ```swift
/// let tips = uk.products(for: ["tip.small", "tip.large"])  // two rows of one records
/// print(tips[0].displayPrice)  // £0.99, read from the catalog's tip.small
/// ```
final class CatalogProductRecords: ProductRecords, @unchecked Sendable {
    let storefront: CatalogStorefront
    /// Each catalog price of the rows made into products as this storefront sells it (rounded
    /// to its minor units, then formatted: a catalog has a few price points, and formatting is
    /// ICU's slow work). Added as the products are made, by the one answer that makes them,
    /// before it returns; read-only after.
    private var prices: [Decimal: (price: Decimal, displayPrice: String)] = [:]
    private let style: Decimal.FormatStyle.Currency

    init(storefront: CatalogStorefront) {
        self.storefront = storefront
        style = storefront.formatter.formatStyle
    }

    /// Formats a catalog price, unless one was already: call it for each product made,
    /// before the answer is returned.
    func addPrice(_ catalogPrice: Decimal) {
        if prices[catalogPrice] == nil { prices[catalogPrice] = storefront.sold(catalogPrice) }
    }

    private func item(_ row: Int) -> CatalogProduct {
        guard let item = storefront.catalog.product(at: row) else {
            preconditionFailure("row \(row) was made a product before its catalog product was built")
        }
        return item
    }

    private func text(_ row: Int) -> LocalizedText {
        storefront.catalog.localizedText(for: item(row), locale: storefront.locale)
    }

    private func sold(_ row: Int) -> (price: Decimal, displayPrice: String) {
        let price = item(row).price
        return prices[price] ?? storefront.sold(price)
    }

    override func id(at row: Int) -> Product.ID { storefront.catalog.productID(at: row) }
    override func type(at row: Int) -> Product.ProductType { Product.ProductType(item(row).type) }
    override func displayName(at row: Int) -> String { text(row).displayName }
    override func description(at row: Int) -> String { text(row).description }
    override func price(at row: Int) -> Decimal { sold(row).price }
    override func displayPrice(at row: Int) -> String { sold(row).displayPrice }
    override func priceFormatStyle(at row: Int) -> Decimal.FormatStyle.Currency { style }
    override func isFamilyShareable(at row: Int) -> Bool { item(row).isFamilyShareable }
    override func subscription(at row: Int) -> Product.SubscriptionInfo? {
        item(row).subscription.map(storefront.subscriptionInfo)
    }
}
