import Foundation
import StoreCatalog

extension Fixtures {
    /// `catalog` with the subscription of `productID` changed by `change`: an offer added for
    /// one suite, the rest as it is.
    static func catalog(changing productID: String, _ change: (inout CatalogSubscription) -> Void) -> Catalog {
        catalog(from: catalog, changing: productID, change)
    }

    /// `base` with the subscription of `productID` changed by `change`.
    static func catalog(from base: Catalog, changing productID: String, _ change: (inout CatalogSubscription) -> Void) -> Catalog {
        let products = base.products.map { product in
            guard product.id == productID, var subscription = product.subscription else { return product }
            var changed = product
            change(&subscription)
            changed.subscription = subscription
            return changed
        }
        return Catalog(identifier: base.identifier, settings: base.settings, products: products, subscriptionGroups: base.subscriptionGroups)
    }

    /// An offer of `type` in US dollars.
    static func offer(
        _ type: CatalogOffer.OfferType, _ mode: CatalogOffer.PaymentMode, _ period: String, count: Int = 1,
        price: String = "0", id: String? = nil, referenceName: String? = nil
    ) -> CatalogOffer {
        let amount = Decimal(string: price) ?? 0
        return CatalogOffer(
            type: type, id: id, referenceName: referenceName, paymentMode: mode,
            period: StoreCatalog.SubscriptionPeriod(iso8601: period) ?? StoreCatalog.SubscriptionPeriod(iso8601: "P1M")!,
            periodCount: count, price: amount, displayPrice: PriceFormatter(storefront: .unitedStates).displayPrice(amount)
        )
    }
}

extension StoreHarness {
    /// Every notification the ledger recorded so far, as "TYPE SUBTYPE".
    func notificationKinds() async throws -> [String] {
        try await ledger.notificationHistory(from: 0, to: .max).map { notification in
            [notification.notificationType, notification.subtype].compactMap { $0 }.joined(separator: " ")
        }
    }
}
