import StoreCatalog
import TerminalUI

/// The readable `storefront catalog` output: storefront, counts by type, subscription groups by
/// service level, locales and warnings. Long lists are cut short so that a 100,000-product
/// catalog still prints a screenful.
struct CatalogSummary {
    let catalog: Catalog
    let locale: String
    /// The storefront `--storefront` names, if any.
    var selling: StorefrontCountry?

    private static let listLimit = 12

    var text: String {
        var lines: [String] = []
        let storefront = catalog.storefront
        lines.append("Storefront: \(storefront.countryCode) (prices in \(storefront.currencyCode), formatted for \(storefront.localeIdentifier))")
        if let selling {
            lines.append("Selling in: \(selling.countryCode) (\(selling.currencyCode))")
            if let repricing = AppOptions.Repricing(catalog: catalog, country: selling) { lines.append(repricing.sentence) }
        }
        lines.append("Locale: \(locale)")
        if let version = catalog.version { lines.append("Format: version \(version)") }
        lines.append("Products: \(catalog.products.count)\(typeCounts)")
        lines.append(contentsOf: groupLines)
        let locales = catalog.locales
        lines.append("Locales: " + (locales.isEmpty ? "none" : locales.joined(separator: ", ")))
        lines.append(contentsOf: warningLines)
        return lines.joined(separator: "\n")
    }

    private var typeCounts: String {
        let names: [(CatalogProduct.ProductType, String)] = [
            (.consumable, "consumable"), (.nonConsumable, "non-consumable"),
            (.nonRenewable, "non-renewing"), (.autoRenewable, "auto-renewable"),
        ]
        var counts: [CatalogProduct.ProductType: Int] = [:]
        for product in catalog.products { counts[product.type, default: 0] += 1 }
        let parts = names.compactMap { type, name in counts[type].map { "\($0) \(name)" } }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    private var groupLines: [String] {
        guard !catalog.subscriptionGroups.isEmpty else { return ["Subscription groups: none"] }
        var lines = ["Subscription groups: \(catalog.subscriptionGroups.count)"]
        for group in catalog.subscriptionGroups.prefix(Self.listLimit) {
            let name = catalog.localizedText(for: group, locale: locale).displayName
            lines.append("  \(name) [\(group.id)]: \(group.productIDs.count) subscriptions")
            let members = group.productIDs.compactMap(catalog.product(id:))
            let levels = Dictionary(grouping: members) { $0.subscription?.groupLevel ?? 0 }
            for level in levels.keys.sorted() {
                let plans = levels[level, default: []].map(plan)
                lines.append("    level \(level): " + truncated(plans).joined(separator: "; "))
            }
        }
        if catalog.subscriptionGroups.count > Self.listLimit {
            lines.append("  … and \(catalog.subscriptionGroups.count - Self.listLimit) more groups")
        }
        return lines
    }

    /// "Grove Monthly, $5.99 every month, intro $2.99 every month × 3, win-back com.example.welcomeback: free for 1 month"
    private func plan(_ product: CatalogProduct) -> String {
        let name = catalog.localizedText(for: product, locale: locale).displayName
        guard let subscription = product.subscription else { return name }
        var text = "\(name), \(product.displayPrice) \(every(subscription.subscriptionPeriod))"
        if let intro = subscription.introductoryOffer {
            text += ", intro " + offerText(intro)
        }
        // By ID, as `buy --win-back` takes them.
        for offer in subscription.winBackOffers {
            text += ", win-back \(offer.id ?? "?"): " + offerText(offer)
        }
        return text
    }

    private func offerText(_ offer: CatalogOffer) -> String {
        let times = offer.periodCount == 1 ? "" : " × \(offer.periodCount)"
        return switch offer.paymentMode {
        case .freeTrial: "free for \(offer.period)\(times)"
        case .payAsYouGo: "\(offer.displayPrice) \(every(offer.period))\(times)"
        case .payUpFront: "\(offer.displayPrice) up front for \(offer.period)\(times)"
        }
    }

    /// "every month", "every 3 months"
    private func every(_ period: SubscriptionPeriod) -> String {
        period.value == 1 ? "every \(period.unit.rawValue)" : "every \(period)"
    }

    private var warningLines: [String] {
        let warnings = catalog.warnings.map(\.description)
        guard !warnings.isEmpty else { return ["Warnings: none"] }
        return ["Warnings: \(warnings.count)"] + truncated(warnings).map { "  " + $0 }
    }

    private func truncated(_ items: [String]) -> [String] {
        guard items.count > Self.listLimit else { return items }
        return items.prefix(Self.listLimit) + ["… and \(items.count - Self.listLimit) more"]
    }
}
