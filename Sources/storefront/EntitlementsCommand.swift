import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// `storefront entitlements [--json]`: what the customer owns at store time now, by the
/// same rules a `Storefront` uses (`CustomerEntitlements`), and the layout's named
/// entitlements they hold, bought or included by the version they first installed.
struct EntitlementsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entitlements",
        abstract: "Show what the customer owns now.",
        discussion: """
            With --json: {"now":…,"app":{"appVersion":…,"originalAppVersion":…,"originalPurchaseDate":…,\
            "verified":…,"appTransactionId":…,"originalPlatform":…},"entitlements":[{"name":…,"reason":"purchase" or "originalAppVersion",\
            "productIDs":[…]}],"products":[{"productID":…,"transactionID":…,"expirationDate":…}],\
            "consumables":[{"productID":…,"quantity":…}],"subscriptions":[{"groupID":…,"state":…,\
            "productID":…,"willAutoRenew":…,"autoRenewPreference":…,"expirationDate":…,"verified":…,\
            "renewalPrice":…,"currency":…,"offerDiscountType":…,"offerPeriod":…,"appAccountToken":…,"appTransactionId":…,\
            "eligibleWinBackOfferIds":[…],"priceIncreaseStatus":…,"expirationReason":…}]}.
            """
    )

    @Flag(help: "Print JSON instead of a list.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var remoteOption: RemoteOption
    @OptionGroup var layoutOption: LayoutOption

    func run() async throws {
        try await remoteOption.safe(report)
    }

    private func report() async throws {
        let store = try await storeOptions.makeStore()
        let layout = try layoutOption.loadLayout(
            catalog: store.catalog.catalog, catalogArgument: storeOptions.catalogOption.catalog, locale: CustomerLocale.chosen(storeOptions.locale)
        )
        try await StoreCommandSupport.run("cannot work out entitlements") {
            let owned = try await store.currentEntitlements()
            let app = try await store.appTransaction()
            let now = try await store.storeNow()
            let groupIDs = owned.subscriptionGroups.keys.sorted()
            let named = NamedStanding.all(layout.entitlements, owned: owned, app: app)
            StoreCommandSupport.print(json
                ? Self.json(owned, app: app, named: named, groupIDs: groupIDs, now: now)
                : Self.text(owned, app: app, named: named, groupIDs: groupIDs))
        }
    }

    /// A named entitlement of the layout the customer has, and why.
    struct NamedStanding {
        let entitlement: NamedEntitlement
        /// True when bought; false when included by the version first installed.
        let isPurchased: Bool

        static func all(_ entitlements: [NamedEntitlement], owned: CustomerEntitlements, app: VerificationResult<AppTransaction>) -> [NamedStanding] {
            let version = app.verifiedValue.flatMap { AppVersion($0.originalAppVersion) }
            return entitlements.compactMap { entitlement in
                guard entitlement.isActive(purchasedProductIDs: owned.purchasedProductIDs, originalAppVersion: version) else { return nil }
                return NamedStanding(entitlement: entitlement, isPurchased: !entitlement.productIDs.isDisjoint(with: owned.purchasedProductIDs))
            }
        }

        var reason: String { isPurchased ? "purchase" : "originalAppVersion" }

        func line(originalAppVersion: String) -> String {
            let why = isPurchased
                ? "purchased"
                : "included: first installed at \(originalAppVersion), before \(entitlement.freemiumSince?.description ?? "") made it a purchase"
            return "\(entitlement.name)  \(why)  (\(entitlement.productIDs.sorted().joined(separator: ", ")))"
        }
    }

    private static func json(
        _ owned: CustomerEntitlements, app: VerificationResult<AppTransaction>, named: [NamedStanding], groupIDs: [String], now: Date
    ) -> String {
        let products = owned.transactions.values.sorted { $0.productID < $1.productID }.map { transaction in
            PropertyValue([
                "productID": .string(transaction.productID),
                "transactionID": .number(String(transaction.id)),
                "expirationDate": StoreJSON.date(transaction.expirationDate),
            ])
        }
        let consumables = owned.consumableCounts.sorted { $0.key < $1.key }.map { productID, count in
            PropertyValue(["productID": .string(productID), "quantity": .number(String(count))])
        }
        let subscriptions = groupIDs.map { groupID in
            let group = owned.subscriptionGroup(groupID)
            let status = group.current ?? group.statuses.first
            let renewal = status?.renewalInfo.unsafePayloadValue
            return PropertyValue([
                "groupID": .string(groupID),
                "state": status.map { .string($0.state.rawValue) } ?? .null,
                "productID": status.map { .string($0.transaction.unsafePayloadValue.productID) } ?? .null,
                "willAutoRenew": renewal.map { .bool($0.willAutoRenew) } ?? .null,
                "autoRenewPreference": renewal?.autoRenewPreference.map { .string($0) } ?? .null,
                "expirationDate": StoreJSON.date(status?.transaction.unsafePayloadValue.expirationDate),
                // A status whose transaction does not verify grants nothing; say so.
                "verified": status.map { .bool($0.transaction.verifiedValue != nil) } ?? .null,
            ]).appending(renewalFields(renewal))
        }
        let appTransaction = app.unsafePayloadValue
        return PropertyValue([
            "now": StoreJSON.date(now),
            "app": PropertyValue([
                "appVersion": .string(appTransaction.appVersion),
                "originalAppVersion": .string(appTransaction.originalAppVersion),
                "originalPurchaseDate": StoreJSON.date(appTransaction.originalPurchaseDate),
                "verified": .bool(app.verifiedValue != nil),
            ]).appending(appFields(appTransaction)),
            "entitlements": .array(named.map { standing in
                PropertyValue([
                    "name": .string(standing.entitlement.name),
                    "reason": .string(standing.reason),
                    "productIDs": .array(standing.entitlement.productIDs.sorted().map(PropertyValue.string)),
                ])
            }),
            "products": .array(products),
            "consumables": .array(consumables),
            "subscriptions": .array(subscriptions),
        ]).compactJSON
    }

    private static func text(
        _ owned: CustomerEntitlements, app: VerificationResult<AppTransaction>, named: [NamedStanding], groupIDs: [String]
    ) -> String {
        var lines = ["App first installed at version \(app.unsafePayloadValue.originalAppVersion)"]
        lines += named.map { $0.line(originalAppVersion: app.unsafePayloadValue.originalAppVersion) }
        lines += owned.transactions.values.sorted { $0.productID < $1.productID }.map { transaction in
            "\(transaction.productID)  (transaction \(transaction.id))"
                + (transaction.expirationDate.map { "  until " + $0.formatted(Date.ISO8601FormatStyle()) } ?? "")
        }
        lines += owned.consumableCounts.sorted { $0.key < $1.key }.map { "\($0.key)  ×\($0.value) bought" }
        for groupID in groupIDs {
            let group = owned.subscriptionGroup(groupID)
            guard let status = group.current ?? group.statuses.first else { continue }
            var line = "group \(groupID): \(status.state.rawValue) (\(status.transaction.unsafePayloadValue.productID))"
            if status.transaction.verifiedValue == nil { line += ", UNVERIFIED: grants nothing" }
            if let preference = group.autoRenewPreference, preference != group.currentProductID {
                line += ", renews as \(preference)"
            }
            if let offer = status.renewalInfo.unsafePayloadValue.offer, offer.type == .promotional || offer.type == .code,
               status.transaction.unsafePayloadValue.offer?.id != offer.id {
                line += ", offer \(offer.id ?? offer.type.rawValue) from the next renewal"
            }
            line += Self.priceIncreaseWords(status.renewalInfo.unsafePayloadValue)
            lines.append(line)
        }
        if lines.count == 1 { lines.append("Nothing owned.") }
        return lines.joined(separator: "\n")
    }
}
