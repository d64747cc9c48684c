import StoreCatalog

/// The `catalog --json` output, keys in a fixed order:
///
/// ```
/// {"storefront":"JPN","currency":"JPY","locale":"ja_JP",
///  "products":[{"id":…,"type":…,"displayName":…,"description":…,"price":"500","displayPrice":"¥500",
///    "groupID":null,"groupLevel":null,"period":null,"introOffer":null,"winBackOffers":[]}],
///  "groups":[{"id":…,"name":…,"productIDs":[…]}],"warnings":[…]}
/// ```
struct CatalogJSON {
    let catalog: Catalog
    let locale: String
    /// The storefront `--storefront` names, if any.
    var selling: StorefrontCountry?

    var text: String {
        let products = catalog.products.map(product)
        let groups = catalog.subscriptionGroups.map { group in
            PropertyValue([
                "id": .string(group.id),
                "name": .string(catalog.localizedText(for: group, locale: locale).displayName),
                "productIDs": .array(group.productIDs.map { .string($0) }),
            ])
        }
        var members: [PropertyValue.Member] = [
            .init(key: "storefront", value: .string(catalog.storefront.countryCode)),
            .init(key: "currency", value: .string(catalog.storefront.currencyCode)),
        ]
        if let selling {
            // The same numbers, in this storefront's currency.
            members.append(.init(key: "sellingStorefront", value: .string(selling.countryCode)))
            members.append(.init(key: "sellingCurrency", value: .string(selling.currencyCode)))
        }
        members += [
            .init(key: "locale", value: .string(locale)),
            .init(key: "products", value: .array(products)),
            .init(key: "groups", value: .array(groups)),
            .init(key: "warnings", value: .array(catalog.warnings.map { .string($0.description) })),
        ]
        return PropertyValue.object(members).compactJSON
    }

    private func product(_ product: CatalogProduct) -> PropertyValue {
        let text = catalog.localizedText(for: product, locale: locale)
        let subscription = product.subscription
        return PropertyValue([
            "id": .string(product.id),
            "type": .string(Self.typeName(product.type)),
            "displayName": .string(text.displayName),
            "description": .string(text.description),
            "price": .string(product.price.description),
            "displayPrice": .string(product.displayPrice),
            "groupID": subscription.map { .string($0.subscriptionGroupID) } ?? .null,
            "groupLevel": subscription.map { .number(String($0.groupLevel)) } ?? .null,
            "period": subscription.map { .string($0.subscriptionPeriod.iso8601) } ?? .null,
            "introOffer": subscription?.introductoryOffer.map(offer) ?? .null,
            // By ID, as `buy --win-back` takes them, then the terms an intro offer has.
            "winBackOffers": .array((subscription?.winBackOffers ?? []).map { winBack in
                .object([.init(key: "id", value: winBack.id.map(PropertyValue.string) ?? .null)] + offerMembers(winBack))
            }),
        ])
    }

    private func offer(_ offer: CatalogOffer) -> PropertyValue {
        .object(offerMembers(offer))
    }

    private func offerMembers(_ offer: CatalogOffer) -> [PropertyValue.Member] {
        [
            .init(key: "paymentMode", value: .string(offer.paymentMode.rawValue)),
            .init(key: "period", value: .string(offer.period.iso8601)),
            .init(key: "periods", value: .number(String(offer.periodCount))),
            .init(key: "displayPrice", value: .string(offer.displayPrice)),
        ]
    }

    /// StoreKit calls them `.nonRenewable`; this output keeps the issue's `nonRenewing`.
    private static func typeName(_ type: CatalogProduct.ProductType) -> String {
        switch type {
        case .consumable: "consumable"
        case .nonConsumable: "nonConsumable"
        case .nonRenewable: "nonRenewing"
        case .autoRenewable: "autoRenewable"
        }
    }
}
