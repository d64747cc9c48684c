import Foundation

extension Catalog {
    /// Reads a StoreKit configuration from its bytes: Xcode's JSON, or an XML or binary property
    /// list with the same keys. `file` names the source in errors. Unknown keys are ignored.
    ///
    /// ```swift
    /// let catalog = try Catalog(storeKitData: Data(json.utf8), file: "Shop.storekit")
    /// ```
    public init(storeKitData data: Data, file: String) throws(CatalogError) {
        try self.init(parsed: Self.parse(storeKitData: data, file: file), file: file)
    }

    /// A mapped file's catalog (`CatalogLoader`): its pages are given back as they are read.
    init(mapped: MappedFile, file: String, buildingInBackground: Bool = false) throws(CatalogError) {
        try self.init(
            parsed: Self.parse(storeKitData: mapped.data, file: file, mapping: mapped), file: file,
            buildingInBackground: buildingInBackground
        )
    }

    /// The first half of `init(storeKitData:file:)`: the file's syntax, checked; the long
    /// arrays are built an element at a time by the second half.
    static func parse(
        storeKitData data: Data, file: String, mapping: MappedFile? = nil
    ) throws(CatalogError) -> StoreKitDocument {
        do {
            return try StoreKitFileFormat.document(data, deferring: CatalogDecoder.longArrays, mapping: mapping)
        } catch {
            throw .malformed(file: file, path: "", message: error.message)
        }
    }

    /// The second half: the catalog the document describes, checked. In the background, a
    /// large catalog's products are built after this returns (`ProductTable`).
    init(parsed document: StoreKitDocument, file: String, buildingInBackground: Bool = false) throws(CatalogError) {
        var decoder = CatalogDecoder()
        do {
            self = try decoder.catalog(document, file: file, buildingInBackground: buildingInBackground)
        } catch {
            throw error.catalogError(file: file)
        }
    }
}

extension Node.Problem {
    func catalogError(file: String) -> CatalogError {
        .malformed(file: file, path: path, message: message)
    }
}

/// Builds a ``Catalog`` from a parsed file, checking each value's type as it goes.
struct CatalogDecoder {
    /// The top-level arrays whose elements are built one at a time.
    static let longArrays: Set<String> = ["products", "nonRenewingSubscriptions", "subscriptionGroups"]

    var warnings: [CatalogWarning] = []
    private var formatter = PriceFormatter(storefront: .unitedStates)
    /// Formatting is the slowest step per product, and big catalogs repeat a few prices.
    /// Each distinct price with its text, shared by the products at it.
    private var pricings: [Decimal: CatalogProduct.Pricing] = [:]
    /// The prices read so far, by their text: parsing was 6% of loading 100,000 products.
    private var prices: [String: Decimal] = [:]
    /// The last localization built in each locale, whose strings an equal text shares
    /// (`sharingText`).
    var lastLocalizations: [String: CatalogLocalization] = [:]
    /// The terms of the subscriptions built so far, by a digest of them: a large catalog's
    /// subscriptions repeat a few terms (the generated one's 30,000 have 96), and each
    /// product's own was 120 bytes. Kept few.
    var subscriptionTerms: [SubscriptionDigest: [CatalogProduct.Extras]] = [:]
    var sharedTermsCount = 0  // all of subscriptionTerms' lists together, at most 256

    mutating func catalog(_ document: StoreKitDocument, file: String, buildingInBackground: Bool) throws(Node.Problem) -> Catalog {
        let root = document.root
        guard case .object = root.value else {
            throw root.problem("expected a JSON object at the top level, found \(root.value.kindDescription)")
        }
        let settings = try settings(root.object("settings"))
        let storefront = resolveStorefront(settings.storefront)
        formatter = PriceFormatter(storefront: storefront)

        let keyPair = try root.object("subscriptionOffersKeyPair")
        let hasSigningKey = keyPair?.child("privateKey") != nil  // presence only: the key is never read
        if hasSigningKey { warnings.append(.containsSigningKey) }

        let identifier = try root.string("identifier"), version = try version(root.object("version"))
        let appPolicies = try appPolicies(root.object("appPolicies")), signingKeyID = try keyPair?.string("id")
        let table: ProductTable
        if buildingInBackground, let labels = document.productLabels(), labels.ids.count >= Self.sharedWorkThreshold {
            table = try productsInBackground(document, labels: labels, file: file)
        } else {
            let (products, groups) = try productsAndGroups(document)
            let ids = products.map(\.id)
            let index = ProductIndex(ids)
            table = ProductTable(
                products: products, groups: groups,
                warnings: warnings + productWarnings(products, index: index, ids: ids) + groupWarnings(groups),
                ids: ids, index: index
            )
        }
        return Catalog(
            identifier: identifier, version: version, settings: settings, storefront: storefront, appPolicies: appPolicies,
            signingKeyID: signingKeyID, hasSigningKey: hasSigningKey, table: table
        )
    }

    /// What one share of the work built: products in file order, and for the groups' share
    /// the groups and the warnings their subscriptions gave.
    typealias Built = ProductTable.Built

    /// From this many products and non-renewing subscriptions on, they are built in shares
    /// on every core (a share each for the groups and for a sixth of the rest); below it,
    /// in one share on this thread.
    static let sharedWorkThreshold = 20_000
    private static let productShares = 6

    /// `products`, then `nonRenewingSubscriptions`, then each group's subscriptions, and the
    /// groups. The first error in that order is thrown, as when they are built one by one.
    private mutating func productsAndGroups(
        _ document: StoreKitDocument
    ) throws(Node.Problem) -> (products: [CatalogProduct], groups: [CatalogSubscriptionGroup]) {
        var items = try document.elements("products")
        var nonRenewing = try document.elements("nonRenewingSubscriptions")
        let groupElements = try document.elements("subscriptionGroups")
        let total = items.count + nonRenewing.count
        let shareCount = total >= Self.sharedWorkThreshold ? Self.productShares : 1
        var shares: [[SharePart]] = []
        for share in 0..<shareCount {
            var size = (total + share) / shareCount  // sizes differ by one at most
            var parts: [SharePart] = []
            if items.count > 0, size > 0 {
                parts.append((items.split(first: size), nil))
                size -= parts[0].elements.count
            }
            if size > 0 { parts.append((nonRenewing.split(first: size), .nonRenewable)) }
            shares.append(parts)
        }
        let decoder = self, shareList = shares
        // Unit 0, the groups (the longest), starts first; each unit works on its own copy.
        let outcomes = ConcurrentWork.map(shares.count + 1, concurrently: shareCount > 1) { unit in
            decoder.share { decoder throws(Node.Problem) in
                unit == 0 ? try decoder.subscriptionGroups(groupElements) : try decoder.products(shareList[unit - 1])
            }
        }
        var built: [Built] = []
        for outcome in outcomes.dropFirst() + outcomes.prefix(1) {
            built.append(try outcome.get())
        }
        var products: [CatalogProduct] = []
        products.reserveCapacity(built.reduce(0) { $0 + $1.products.count })
        for index in built.indices {
            products.append(contentsOf: built[index].products)
            built[index].products = []  // let each share's copy go before the next is added
            warnings += built[index].warnings
        }
        return (products, built.last?.groups ?? [])
    }

    /// One share of the work on a copy of this decoder, with what it warned of: each thread
    /// keeps its own caches, and its warnings are added in file order after.
    func share(_ build: (inout CatalogDecoder) throws(Node.Problem) -> Built) -> Result<Built, Node.Problem> {
        var copy = self
        copy.warnings = []
        return Result { () throws(Node.Problem) -> Built in
            var built = try build(&copy)
            built.warnings = copy.warnings
            return built
        }
    }

    /// Part of a share: some elements of one array, with their type when the array gives it.
    typealias SharePart = (elements: StoreKitDocument.Elements, type: CatalogProduct.ProductType?)

    /// One share of `products` and `nonRenewingSubscriptions` (a nil type is read from each).
    mutating func products(_ share: [SharePart]) throws(Node.Problem) -> Built {
        var built = Built()
        built.products.reserveCapacity(share.reduce(0) { $0 + $1.elements.count })
        for var part in share {
            while let node = try part.elements.next() {
                let type = if let known = part.type { known } else { try productType(node) }
                built.products.append(try product(node, type: type))
            }
        }
        return built
    }

    /// Each group, and its subscriptions in file order.
    mutating func subscriptionGroups(_ elements: StoreKitDocument.Elements) throws(Node.Problem) -> Built {
        var built = Built()
        var groupNodes = elements
        while let node = try groupNodes.next() {
            try node.expectObject()
            let groupID = try node.requiredString("id")
            var productIDs: [String] = []
            for subscriptionNode in try node.array("subscriptions") {
                let subscription = try subscription(subscriptionNode, groupID: groupID)
                productIDs.append(subscription.id)
                built.products.append(subscription)
            }
            built.groups.append(CatalogSubscriptionGroup(
                id: groupID,
                name: try node.string("name") ?? "",
                localizations: try localizations(node),
                productIDs: productIDs
            ))
        }
        return built
    }

    // MARK: Products

    private func productType(_ node: Node) throws(Node.Problem) -> CatalogProduct.ProductType {
        try node.expectObject()
        switch try node.requiredString("type") {
        case "Consumable": return .consumable
        case "NonConsumable": return .nonConsumable
        case "NonRenewingSubscription": return .nonRenewable
        case "RecurringSubscription":
            throw node.problem(at: "type", "auto-renewable subscriptions belong inside subscriptionGroups[].subscriptions")
        case let other:
            throw node.problem(at: "type", "unknown product type \"\(other)\" (expected Consumable or NonConsumable)")
        }
    }

    private mutating func product(
        _ node: Node, type: CatalogProduct.ProductType, subscription: CatalogSubscription? = nil
    ) throws(Node.Problem) -> CatalogProduct {
        try node.expectObject()
        let id = try node.requiredString("productID")
        guard !id.isEmpty else { throw node.problem(at: "productID", "expected a product ID, found an empty string") }
        let price = try price(node, key: "displayPrice")
        let referenceName = try node.string("referenceName") ?? ""
        // Read in this order, so a file wrong in several places is told of the same one first.
        let isFamilyShareable = try node.bool("familyShareable") ?? false
        let localized = try sharingText(localizations(node), referenceName: referenceName)
        let promotionalImageID = try node.string("promotionalImageID")
        let extras = if let subscription {
            sharing(subscription, promotionalImageID: promotionalImageID)
        } else {
            CatalogProduct.Extras.make(
                promotionalImageID: promotionalImageID, subscription: nil, oneTimeCodeOffers: try oneTimeCodeOffers(node)
            )
        }
        return CatalogProduct(
            id: id, type: type, referenceName: referenceName, pricing: pricing(price),
            isFamilyShareable: isFamilyShareable, localizations: localized, extras: extras
        )
    }

    private mutating func subscription(_ node: Node, groupID: String) throws(Node.Problem) -> CatalogProduct {
        try node.expectObject()
        let level = try node.requiredInt("groupNumber")
        guard level >= 1 else { throw node.problem(at: "groupNumber", "expected a service level of 1 or more, found \(level)") }

        // 5.0+ files write a list; older ones a single object. "none" means no offer.
        var intro: CatalogOffer?
        if let first = try node.array("introductoryOffers").first {
            intro = try offer(first, type: .introductory)
        } else if let single = try node.object("introductoryOffer") {
            intro = try offer(single, type: .introductory)
        }

        let period = try period(node, key: "recurringSubscriptionPeriod")
        let info = CatalogSubscription(
            subscriptionGroupID: groupID,
            groupLevel: level,
            subscriptionPeriod: period,
            introductoryOffer: intro,
            promotionalOffers: try offers(node, key: "adHocOffers", type: .promotional),
            codeOffers: try offers(node, key: "codeOffers", type: .code),
            winBackOffers: try offers(node, key: "winbackOffers", type: .winBack),
            billingPlans: try billingPlans(node, period: period)
        )
        let product = try product(node, type: .autoRenewable, subscription: info)
        if let declared = try node.string("subscriptionGroupID"), declared != groupID {
            warnings.append(.subscriptionGroupMismatch(productID: product.id, declared: declared, actual: groupID))
        }
        return product
    }

    private func localizations(_ node: Node) throws(Node.Problem) -> [CatalogLocalization] {
        let entries = try node.array("localizations")
        var result: [CatalogLocalization] = []
        result.reserveCapacity(entries.count)  // most have one or two: grown, each took two allocations
        for entry in entries {
            try entry.expectObject()
            result.append(CatalogLocalization(
                locale: try entry.requiredString("locale"),
                displayName: try entry.string("displayName") ?? "",
                description: try entry.string("description") ?? ""
            ))
        }
        return result
    }

    // MARK: Offers

    private mutating func offers(
        _ node: Node, key: String, type: CatalogOffer.OfferType
    ) throws(Node.Problem) -> [CatalogOffer] {
        var result: [CatalogOffer] = []
        for element in try node.array(key) {
            if let offer = try offer(element, type: type) { result.append(offer) }
        }
        return result
    }

    /// One offer object; nil for `paymentMode: "none"`, which Xcode writes for "no offer".
    private mutating func offer(_ node: Node, type: CatalogOffer.OfferType) throws(Node.Problem) -> CatalogOffer? {
        try node.expectObject()
        let mode: CatalogOffer.PaymentMode
        switch try node.requiredString("paymentMode") {
        case "free": mode = .freeTrial
        case "payAsYouGo": mode = .payAsYouGo
        case "payUpFront": mode = .payUpFront
        case "none": return nil
        case let other:
            throw node.problem(at: "paymentMode", "unknown payment mode \"\(other)\" (expected free, payAsYouGo, payUpFront or none)")
        }
        let periodCount = try node.int("numberOfPeriods") ?? 1
        guard periodCount >= 1 else {
            throw node.problem(at: "numberOfPeriods", "expected 1 or more periods, found \(periodCount)")
        }
        let price = mode == .freeTrial ? Decimal.zero : try price(node, key: "displayPrice")
        return CatalogOffer(
            type: type,
            id: type == .promotional || type == .winBack ? try node.requiredString("offerID") : nil,
            referenceName: try node.string("referenceName"),
            paymentMode: mode,
            period: try period(node, key: "subscriptionPeriod"),
            periodCount: periodCount,
            price: price,
            displayPrice: pricing(price).displayPrice,
            eligibility: try eligibility(node),
            isStackable: try node.bool("isStackable") ?? false,
            isEligible: try node.bool("isEligible"),
            winBackTerms: type == .winBack ? try node.winBackTerms() : nil
        )
    }

    private func eligibility(_ node: Node) throws(Node.Problem) -> Set<CatalogOffer.Eligibility> {
        var result: Set<CatalogOffer.Eligibility> = []
        for element in try node.array("eligibility") {
            let text = try element.stringValue()
            guard let eligibility = CatalogOffer.Eligibility(rawValue: text) else {
                throw element.problem("unknown eligibility \"\(text)\" (expected new, existing or expired)")
            }
            result.insert(eligibility)
        }
        return result
    }

    // MARK: Values

    mutating func price(_ node: Node, key: String) throws(Node.Problem) -> Decimal {
        let text = try node.requiredString(key)
        if let price = prices[text] { return price }
        guard let price = PriceFormatter.price(fromDisplayPrice: text) else {
            throw node.problem(at: key, "expected a price such as \"0.99\" or \"2,99\", found \"\(text)\"")
        }
        prices[text] = price
        return price
    }

    mutating func pricing(_ price: Decimal) -> CatalogProduct.Pricing {
        if let cached = pricings[price] { return cached }
        let made = CatalogProduct.Pricing(price: price, displayPrice: formatter.displayPrice(price))
        pricings[price] = made
        return made
    }

    private func period(_ node: Node, key: String) throws(Node.Problem) -> SubscriptionPeriod {
        let text = try node.requiredString(key)
        guard let period = SubscriptionPeriod(iso8601: text) else {
            throw node.problem(at: key, "expected an ISO 8601 period such as P1W, P1M or P1Y, found \"\(text)\"")
        }
        return period
    }

    private func version(_ node: Node?) throws(Node.Problem) -> Catalog.Version? {
        guard let node else { return nil }
        return Catalog.Version(major: try node.int("major") ?? 0, minor: try node.int("minor") ?? 0)
    }

    // MARK: Settings and policies

    private func settings(_ node: Node?) throws(Node.Problem) -> CatalogSettings {
        guard let node else { return CatalogSettings() }
        var errors: [StoreKitErrorSetting] = []
        for entry in try node.array("_storeKitErrors") {
            try entry.expectObject()
            var selection: StoreKitErrorSetting.Selection?
            if let current = try entry.object("current") {  // null or omitted when no error is chosen
                selection = .init(type: try current.requiredString("type"), index: try current.requiredInt("index"))
            }
            errors.append(StoreKitErrorSetting(
                name: try entry.requiredString("name"),
                isEnabled: try entry.bool("enabled") ?? false,
                error: selection
            ))
        }
        return CatalogSettings(
            storefront: try node.string("_storefront"),
            locale: try node.string("_locale"),
            timeRate: try node.int("_timeRate"),
            askToBuyEnabled: try node.bool("_askToBuyEnabled") ?? false,
            storeKitErrors: errors,
            legacyStoreKitError: try node.int("_storeKitError"),
            failTransactionsEnabled: try node.bool("_failTransactionsEnabled") ?? false,
            billingIssuesEnabled: try node.bool("_billingIssuesEnabled") ?? false,
            billingGracePeriodEnabled: try node.bool("_billingGracePeriodEnabled") ?? false,
            renewalBillingIssuesEnabled: try node.bool("_renewalBillingIssuesEnabled") ?? false,
            disableDialogs: try node.bool("_disableDialogs") ?? false
        )
    }

    private mutating func resolveStorefront(_ code: String?) -> StorefrontCountry {
        guard let code, !code.isEmpty else { return .unitedStates }
        guard let country = StorefrontCountry(countryCode: code) else {
            warnings.append(.unknownStorefront(code))
            return .unitedStates
        }
        return country
    }

    private func appPolicies(_ node: Node?) throws(Node.Problem) -> AppPolicies {
        guard let node else { return AppPolicies() }
        var policies: [AppPolicy] = []
        for entry in try node.array("policies") {
            try entry.expectObject()
            policies.append(AppPolicy(
                locale: try entry.string("locale") ?? "",
                policyText: try entry.string("policyText") ?? "",
                policyURL: try entry.string("policyURL") ?? ""
            ))
        }
        return AppPolicies(eula: try node.string("eula") ?? "", policies: policies)
    }

    // MARK: Warnings

    /// Duplicate IDs (the catalog's index keeps the first), products without names, prices
    /// finer than the currency's minor unit.
    /// What only the whole list of products shows (`ids` are theirs, `index` made of them).
    func productWarnings(_ products: [CatalogProduct], index productIndex: ProductIndex, ids: [String]) -> [CatalogWarning] {
        var result: [CatalogWarning] = []
        // By index: a `for product in` copy of each product was a tenth of the loading time.
        // Each ID has its own entry in the index unless some repeat: only then look them up.
        let hasDuplicates = productIndex.count < products.count
        for index in products.indices {
            let id = products[index].id
            if hasDuplicates, productIndex.position(of: id, in: ids) != index {
                result.append(.duplicateProductID(id))
            }
            if products[index].localizations.isEmpty {
                result.append(.noLocalizations(productID: id))
            } else if products[index].localizations.allSatisfy({ $0.displayName.isEmpty }) {
                result.append(.emptyDisplayNames(productID: id))
            }
            let price = products[index].price
            if max(0, -price.exponent) > formatter.storefront.minorUnits {
                result.append(.pricePrecision(
                    productID: id, price: price.description, currencyCode: formatter.storefront.currencyCode
                ))
            }
        }
        return result
    }

    func groupWarnings(_ groups: [CatalogSubscriptionGroup]) -> [CatalogWarning] {
        var seen = Set<String>()
        return groups.filter { !seen.insert($0.id).inserted }.map { .duplicateSubscriptionGroupID($0.id) }
    }
}
