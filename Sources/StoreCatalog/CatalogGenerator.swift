/// Writes large, valid `.storekit` files for benchmarks and tests: the same input always gives
/// the same bytes, in Xcode's layout.
///
/// Of every ten products, four are consumable, two non-consumable, one non-renewing and three
/// auto-renewable. Subscriptions are spread over up to eight groups, each with three service
/// levels in monthly and yearly plans; some have a free trial or a pay-as-you-go offer.
///
/// ```swift
/// let json = CatalogGenerator(productCount: 10_000).storeKitJSON()
/// let catalog = try Catalog(storeKitData: Data(json.utf8), file: "Generated.storekit")
/// catalog.products.count  // 10000
/// ```
public struct CatalogGenerator: Sendable {
    public var productCount: Int
    public var storefront: StorefrontCountry

    public init(productCount: Int, storefront: StorefrontCountry = .unitedStates) {
        self.productCount = max(0, productCount)
        self.storefront = storefront
    }

    /// Price points; whole numbers for currencies without a minor unit (yen, won).
    private var prices: [String] {
        storefront.minorUnits == 0
            ? ["120", "250", "480", "980", "1500", "3000", "5000", "10000"]
            : ["0.99", "1.99", "2.99", "4.99", "9.99", "19.99", "49.99", "99.99"]
    }
    private static let names = [
        "Consumable": "Coin Pack", "NonConsumable": "Unlock", "NonRenewingSubscription": "Season Pass",
        "RecurringSubscription": "Plan",
    ]
    /// The type of product `index` within its block of ten.
    private static let pattern: [CatalogProduct.ProductType] = [
        .consumable, .consumable, .consumable, .consumable, .nonConsumable, .nonConsumable,
        .nonRenewable, .autoRenewable, .autoRenewable, .autoRenewable,
    ]

    /// The generated file as Xcode-style JSON text.
    public func storeKitJSON() -> String {
        var products: [PropertyValue] = []
        var nonRenewing: [PropertyValue] = []
        var subscriptionIndices: [Int] = []
        for index in 0..<productCount {
            switch Self.pattern[index % Self.pattern.count] {
            case .consumable: products.append(product(index, type: "Consumable"))
            case .nonConsumable: products.append(product(index, type: "NonConsumable"))
            case .nonRenewable: nonRenewing.append(product(index, type: "NonRenewingSubscription"))
            case .autoRenewable: subscriptionIndices.append(index)
            }
        }
        let groupCount = min(8, max(1, subscriptionIndices.count / 6))
        var members = Array(repeating: [PropertyValue](), count: groupCount)
        for (position, index) in subscriptionIndices.enumerated() {
            let group = position % groupCount
            members[group].append(subscription(index, number: position, group: group, positionInGroup: members[group].count))
        }
        let groups: [PropertyValue] = members.indices.compactMap { group in
            members[group].isEmpty ? nil : PropertyValue([
                "id": .string(groupID(group)),
                "localizations": .array([localization("en_US", "Generated Pass \(group + 1)", "Group \(group + 1)")]),
                "name": .string("Generated Pass \(group + 1)"),
                "subscriptions": .array(members[group]),
            ])
        }
        return PropertyValue([
            "identifier": .string("6E4E5241"),
            "nonRenewingSubscriptions": .array(nonRenewing),
            "products": .array(products),
            "settings": PropertyValue([
                "_locale": .string(storefront.localeIdentifier),
                "_storefront": .string(storefront.countryCode),
            ]),
            "subscriptionGroups": .array(groups),
            "version": PropertyValue(["major": .number("4"), "minor": .number("0")]),
        ]).xcodeJSON
    }

    /// The keys every product has, then `extra` (a subscription's keys).
    private func product(
        _ index: Int, type: String, adding extra: KeyValuePairs<String, PropertyValue> = [:]
    ) -> PropertyValue {
        let name = "\(Self.names[type, default: type]) \(index + 1)"
        var localizations = [localization("en_US", name, "Generated product number \(index + 1).")]
        if index % 2 == 0 {
            localizations.append(localization("ja", "商品 \(index + 1)", "自動生成された商品です。"))
        }
        let common: KeyValuePairs<String, PropertyValue> = [
            "displayPrice": .string(prices[index % prices.count]),
            "familyShareable": .bool(index % 3 == 0),
            "internalID": .string(hex(index)),
            "localizations": .array(localizations),
            "productID": .string("com.example.generated.\(type.lowercased()).\(index + 1)"),
            "referenceName": .string(name),
            "type": .string(type),
        ]
        return .object((Array(common) + Array(extra)).map { PropertyValue.Member(key: $0.key, value: $0.value) })
    }

    /// Levels 1 to 3 in turn, each as a monthly then a yearly plan. Every fifth subscription
    /// has a one-week free trial, and every third monthly plan without one a pay-as-you-go offer.
    private func subscription(_ index: Int, number: Int, group: Int, positionInGroup: Int) -> PropertyValue {
        let level = positionInGroup / 2 % 3 + 1
        let isMonthly = positionInGroup % 2 == 0
        var intro = PropertyValue.null
        if number % 5 == 0 {
            intro = PropertyValue(["internalID": .string(hex(index + 1)), "numberOfPeriods": .number("1"),
                                   "paymentMode": .string("free"), "subscriptionPeriod": .string("P1W")])
        } else if isMonthly, number % 3 == 1 {
            intro = PropertyValue(["displayPrice": .string(prices[0]), "internalID": .string(hex(index + 1)),
                                   "numberOfPeriods": .number("3"), "paymentMode": .string("payAsYouGo"),
                                   "subscriptionPeriod": .string("P1M")])
        }
        return product(index, type: "RecurringSubscription", adding: [
            "adHocOffers": .array([]),
            "codeOffers": .array([]),
            "groupNumber": .number(String(level)),
            "introductoryOffer": intro,
            "recurringSubscriptionPeriod": .string(isMonthly ? "P1M" : "P1Y"),
            "subscriptionGroupID": .string(groupID(group)),
            "winbackOffers": .array([]),
        ])
    }

    private func localization(_ locale: String, _ name: String, _ description: String) -> PropertyValue {
        PropertyValue(["description": .string(description), "displayName": .string(name), "locale": .string(locale)])
    }

    private func groupID(_ group: Int) -> String {
        hex(0x6A00_0000 + group)
    }

    /// Eight upper-case hex digits, like Xcode's internal IDs.
    private func hex(_ number: Int) -> String {
        let digits = String(number, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

}
