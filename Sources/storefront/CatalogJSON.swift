import StoreCatalog

/// The `catalog --json` output, keys in a fixed order:
///
/// ```
/// {"storefront":"JPN","currency":"JPY","locale":"ja_JP",
///  "products":[{"id":…,"type":…,"displayName":…,"description":…,"price":"500","displayPrice":"¥500",
///    "groupID":null,"groupLevel":null,"period":null,"introOffer":null}],
///  "groups":[{"id":…,"name":…,"productIDs":[…]}],"warnings":[…]}
/// ```
struct CatalogJSON {
    let catalog: Catalog
    let locale: String

    var text: String {
        let products = catalog.products.map(product)
        let groups = catalog.subscriptionGroups.map { group in
            JSONText.object([
                ("id", .string(group.id)),
                ("name", .string(catalog.localizedText(for: group, locale: locale).displayName)),
                ("productIDs", .array(group.productIDs.map(JSONText.string))),
            ])
        }
        return JSONText.object([
            ("storefront", .string(catalog.storefront.countryCode)),
            ("currency", .string(catalog.storefront.currencyCode)),
            ("locale", .string(locale)),
            ("products", .array(products)),
            ("groups", .array(groups)),
            ("warnings", .array(catalog.warnings.map { .string($0.description) })),
        ]).rendered
    }

    private func product(_ product: CatalogProduct) -> JSONText {
        let text = catalog.localizedText(for: product, locale: locale)
        let subscription = product.subscription
        return .object([
            ("id", .string(product.id)),
            ("type", .string(Self.typeName(product.type))),
            ("displayName", .string(text.displayName)),
            ("description", .string(text.description)),
            ("price", .string(product.price.description)),
            ("displayPrice", .string(product.displayPrice)),
            ("groupID", subscription.map { .string($0.subscriptionGroupID) } ?? .null),
            ("groupLevel", subscription.map { .number($0.groupLevel) } ?? .null),
            ("period", subscription.map { .string($0.subscriptionPeriod.iso8601) } ?? .null),
            ("introOffer", subscription?.introductoryOffer.map(offer) ?? .null),
        ])
    }

    private func offer(_ offer: CatalogOffer) -> JSONText {
        .object([
            ("paymentMode", .string(offer.paymentMode.rawValue)),
            ("period", .string(offer.period.iso8601)),
            ("periods", .number(offer.periodCount)),
            ("displayPrice", .string(offer.displayPrice)),
        ])
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

/// Compact JSON with keys in the order given; Foundation's JSONEncoder does not keep key order.
indirect enum JSONText {
    case string(String)
    case number(Int)
    case null
    case array([JSONText])
    case object([(String, JSONText)])

    var rendered: String {
        var output = ""
        render(into: &output)
        return output
    }

    private func render(into output: inout String) {
        switch self {
        case .string(let text):
            Self.quote(text, into: &output)
        case .number(let number):
            output += String(number)
        case .null:
            output += "null"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.render(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.quote(key, into: &output)
                output += ":"
                value.render(into: &output)
            }
            output += "}"
        }
    }

    private static func quote(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case ..<" ":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
