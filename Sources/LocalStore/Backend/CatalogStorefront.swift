import Foundation
import StoreCatalog
import StorefrontModel

/// A catalog's products as one storefront sells them, named for one locale.
///
/// Names and descriptions follow the catalog's localization fallback for `locale`
/// (then the file's `_locale`, then English). Prices keep the catalog's numbers in the
/// storefront's currency, as Xcode's StoreKit Testing does when you switch its storefront,
/// rounded to the currency's minor units (0.99 sells for ¥1 in Japan) so that `price`
/// and `displayPrice` agree.
///
/// ```swift
/// let catalog = try CatalogLoader.load(contentsOf: URL(fileURLWithPath: "TipJar.storekit"))
/// let uk = CatalogStorefront(catalog: catalog, storefront: StorefrontCountry(countryCode: "GBR"))
/// print(uk.product(id: "tip.small")?.displayPrice ?? "-") // £0.99
/// ```
public struct CatalogStorefront: Sendable {
    public let catalog: Catalog
    /// The country prices are for: the override, else the catalog's `_storefront`.
    public let country: StorefrontCountry
    /// The locale names are for; `nil` uses the catalog's `_locale`.
    public let locale: String?
    let formatter: PriceFormatter

    public init(catalog: Catalog, storefront: StorefrontCountry? = nil, locale: String? = nil) {
        self.catalog = catalog
        self.country = storefront ?? catalog.storefront
        self.locale = locale
        self.formatter = PriceFormatter(storefront: country)
    }

    /// The storefront as `StoreBackend.storefront()` reports it; the ID is the country code.
    public var info: StorefrontInfo {
        StorefrontInfo(id: country.countryCode, countryCode: country.countryCode)
    }

    /// The product with this ID, or `nil` when the catalog has none.
    public func product(id: Product.ID) -> Product? {
        guard let position = catalog.productPosition(id: id), let item = catalog.product(at: position) else { return nil }
        let records = CatalogProductRecords(storefront: self)
        records.addPrice(item.price)
        return Product(row: position, of: records)
    }

    /// The products among `ids` that the catalog has, in the order asked, without duplicates.
    /// Each is a row of the catalog read where it is (`CatalogProductRecords`), and each
    /// distinct price is formatted once: a catalog has few price points, and formatting
    /// (ICU) was 12% of answering for 100,000 products. Duplicates are told apart by catalog
    /// position, one bit each: a set of 100,000 IDs took 4 MB beside the answer.
    public func products(for ids: [Product.ID]) -> [Product] {
        var seen = [UInt64](repeating: 0, count: (catalog.productCount + 63) / 64)
        // Its prices are filled in below, before any product made here is read.
        let records = CatalogProductRecords(storefront: self)
        var products: [Product] = []
        products.reserveCapacity(min(ids.count, catalog.productCount))
        for id in ids {
            // A catalog still building waits here for the part that holds the product only.
            guard let position = catalog.productPosition(id: id), let item = catalog.product(at: position) else { continue }
            let bit = UInt64(1) << (position % 64)
            guard seen[position / 64] & bit == 0 else { continue }
            seen[position / 64] |= bit
            products.append(Product(row: position, of: records))
            records.addPrice(item.price)
        }
        return products
    }

    /// A catalog product as the store sells it here, made field by field (it need not be the
    /// catalog's own).
    public func product(_ item: CatalogProduct) -> Product {
        let text = catalog.localizedText(for: item, locale: locale)
        let (price, displayPrice) = sold(item.price)
        return Product(
            id: item.id,
            type: Product.ProductType(item.type),
            displayName: text.displayName,
            description: text.description,
            price: price,
            displayPrice: displayPrice,
            priceFormatStyle: formatter.formatStyle,
            isFamilyShareable: item.isFamilyShareable,
            subscription: item.subscription.map(subscriptionInfo)
        )
    }

    /// A catalog price as sold here: in this storefront's currency, and formatted.
    func sold(_ catalogPrice: Decimal) -> (price: Decimal, displayPrice: String) {
        let price = price(catalogPrice)
        return (price, price.formatted(formatter.formatStyle))
    }

    /// `price` in this storefront's currency: the same number, rounded to its minor units.
    func price(_ price: Decimal) -> Decimal {
        guard country != catalog.storefront else { return price }
        var exact = price
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, country.minorUnits, .plain)
        return rounded
    }

    func subscriptionInfo(_ info: CatalogSubscription) -> Product.SubscriptionInfo {
        var subscription = Product.SubscriptionInfo(
            subscriptionGroupID: info.subscriptionGroupID,
            groupLevel: info.groupLevel,
            subscriptionPeriod: Product.SubscriptionPeriod(info.subscriptionPeriod),
            introductoryOffer: info.introductoryOffer.map { offer($0) },
            promotionalOffers: info.promotionalOffers.map { offer($0) },
            winBackOffers: info.winBackOffers.map { offer($0) }
        )
        subscription.pricingTerms = pricingTerms(info)
        return subscription
    }

    /// A catalog offer as a product's offer; `id` replaces the offer's own (offer codes have
    /// none: the code redeemed stands in).
    func offer(_ offer: CatalogOffer, id: String? = nil) -> Product.SubscriptionOffer {
        Product.SubscriptionOffer(
            id: id ?? offer.id,
            type: Product.SubscriptionOffer.OfferType(offer.type),
            paymentMode: Product.SubscriptionOffer.PaymentMode(offer.paymentMode),
            period: Product.SubscriptionPeriod(offer.period),
            periodCount: offer.periodCount,
            price: price(offer.price),
            priceFormatStyle: formatter.formatStyle
        )
    }
}

extension Product.ProductType {
    init(_ type: CatalogProduct.ProductType) {
        self = switch type {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewable: .nonRenewable
        case .autoRenewable: .autoRenewable
        }
    }
}

extension Product.SubscriptionPeriod {
    init(_ period: StoreCatalog.SubscriptionPeriod) {
        let unit: Unit = switch period.unit {
        case .day: .day
        case .week: .week
        case .month: .month
        case .year: .year
        }
        self.init(value: period.value, unit: unit)
    }
}

extension Product.SubscriptionOffer.OfferType {
    init(_ type: CatalogOffer.OfferType) {
        self = switch type {
        case .introductory: .introductory
        case .promotional: .promotional
        case .code: .code
        case .winBack: .winBack
        }
    }
}

extension Product.SubscriptionOffer.PaymentMode {
    init(_ mode: CatalogOffer.PaymentMode) {
        self = switch mode {
        case .freeTrial: .freeTrial
        case .payAsYouGo: .payAsYouGo
        case .payUpFront: .payUpFront
        }
    }
}
