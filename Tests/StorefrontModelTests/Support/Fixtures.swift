import Foundation
import StorefrontModel

/// A small catalog in pounds: a tip, a lifetime unlock, a season pass and a subscription
/// group "pass" with a premium tier (level 1) and two basic plans (level 2).
enum Catalog {
    static let style = Decimal.FormatStyle.Currency(code: "GBP", locale: Locale(identifier: "en_GB"))
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)
    static let month = Product.SubscriptionPeriod(value: 1, unit: .month)
    static let year = Product.SubscriptionPeriod(value: 1, unit: .year)
    static let trial = Product.SubscriptionOffer(
        id: nil, type: .introductory, paymentMode: .freeTrial,
        period: .init(value: 1, unit: .week), periodCount: 1, price: 0, priceFormatStyle: style
    )

    static let tip = product("tip.small", .consumable, "0.99")
    static let lifetime = product("pro.lifetime", .nonConsumable, "19.99")
    static let season = product("season.pass", .nonRenewable, "4.99")
    static let premium = subscription("pass.premium", level: 1, period: month, price: "9.99")
    static let basic = subscription("pass.basic", level: 2, period: month, price: "4.99")
    static let basicYearly = subscription("pass.basic.yearly", level: 2, period: year, price: "49.99")
    static let basicPlus = subscription("pass.basic.plus", level: 2, period: month, price: "5.99")
    static let all = [tip, lifetime, season, premium, basic, basicYearly, basicPlus]

    static func product(_ id: String, _ type: Product.ProductType, _ price: String, style: Decimal.FormatStyle.Currency = style) -> Product {
        Product(
            id: id, type: type, displayName: id, description: "About \(id)",
            price: Decimal(string: price)!, priceFormatStyle: style
        )
    }

    static func subscription(_ id: String, level: Int, period: Product.SubscriptionPeriod, price: String) -> Product {
        Product(
            id: id, type: .autoRenewable, displayName: id, description: "About \(id)",
            price: Decimal(string: price)!, priceFormatStyle: style,
            subscription: .init(subscriptionGroupID: "pass", groupLevel: level, subscriptionPeriod: period, introductoryOffer: trial)
        )
    }
}

extension Transaction {
    /// A copy with some fields changed, as a store rewrites a ledger row.
    func with(isUpgraded: Bool? = nil, revocationDate: Date? = nil) -> Transaction {
        Transaction(
            id: id, originalID: originalID, productID: productID, productType: productType,
            subscriptionGroupID: subscriptionGroupID, purchaseDate: purchaseDate,
            originalPurchaseDate: originalPurchaseDate, expirationDate: expirationDate,
            revocationDate: revocationDate ?? self.revocationDate,
            revocationReason: revocationDate == nil ? revocationReason : .other,
            purchasedQuantity: purchasedQuantity, offer: offer,
            isUpgraded: isUpgraded ?? self.isUpgraded, appAccountToken: appAccountToken
        )
    }
}

/// Records what happened, in order, across tasks.
actor Recorder {
    private(set) var entries: [String] = []

    func add(_ entry: String) {
        entries.append(entry)
    }
}

struct TestError: Error, Equatable {
    let name: String
}

/// Reads `events` until `condition` holds of the storefront's state, checking it first and
/// after each event (every change of the state is followed by one); false if the stream
/// ends first. A state that never comes leaves the test to its time limit.
func until(
    _ condition: (StorefrontSnapshot) -> Bool, in storefront: Storefront,
    from events: inout AsyncStream<StorefrontEvent>.Iterator
) async -> Bool {
    while !condition(storefront.snapshot) {
        guard await events.next() != nil else { return false }
    }
    return true
}

/// Returns once the storefront has handled every update `store` sent (it asks for the next
/// one only when it has finished with the last, finishing the transaction included).
func updatesHandled(_ store: FakeStore) async {
    await store.updateDelivery.changes.wait { store.updateDelivery.undelivered == 0 }
}

/// Reads events until `expected` arrives; false if the stream ends first.
func next(_ expected: StorefrontEvent, from events: inout AsyncStream<StorefrontEvent>.Iterator) async -> Bool {
    while let event = await events.next() {
        if event == expected { return true }
    }
    return false
}

extension Product.CollectionTaskState {
    var productIDs: [Product.ID]? {
        if case .success(let products, _) = self { products.map(\.id) } else { nil }
    }

    var unavailableIDs: [Product.ID]? {
        if case .success(_, let unavailable) = self { unavailable } else { nil }
    }

    var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    var error: (any Error)? {
        if case .failure(let error) = self { error } else { nil }
    }
}
