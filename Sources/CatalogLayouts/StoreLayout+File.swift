import Foundation
import StoreCatalog
import StorefrontModel
import TerminalUI

/// Why a layout file was refused: the file, the JSON path of the problem and what is wrong.
///
/// ```swift
/// do {
///     _ = try StoreLayout(json: data, file: "BackyardBirds.json", catalog: catalog)
/// } catch {
///     print(error)  // BackyardBirds.json: shops[1].kind: "shop" is not one of "store", "subscriptions"
/// }
/// ```
public struct StoreLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String
    /// A JSON path such as `shops[1].kind`; empty for the file as a whole.
    public let path: String
    public let message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}

extension StoreLayout {
    /// Reads a layout file. Group IDs are looked up in `catalog` (a subscriptions shop
    /// with a `groupID` lists the group's plans in picker order); product IDs the catalog
    /// lacks are kept and show as unavailable.
    ///
    /// The format (every key but `shops` and the shops' `title` and `kind` is optional):
    /// ```json
    /// {
    ///   "title": "Backyard Birds",
    ///   "shops": [
    ///     {"id": "pass", "title": "Backyard Birds Pass", "kind": "subscriptions",
    ///      "groupID": "B1D5A2C7", "buttons": ["restorePurchases", "policies"]},
    ///     {"id": "food", "title": "Bird Food", "kind": "store", "style": "compact",
    ///      "productIDs": ["com.example.food.suet"], "sortByPrice": true}
    ///   ],
    ///   "entitlements": [{"name": "pass", "productIDs": ["…"], "freemiumSince": "2.0"}]
    /// }
    /// ```
    ///
    /// - Throws: `StoreLayoutError` naming `file` and the JSON path of the first problem.
    public init(json data: Data, file: String, catalog: Catalog) throws(StoreLayoutError) {
        let root: PropertyValue
        do {
            root = try JSONReader.parse(data)
        } catch {
            throw StoreLayoutError(file: file, path: "", message: "not valid JSON (\(error))")
        }
        do {
            self = try LayoutReader(catalog: catalog).layout(Node(root: root))
        } catch {
            throw StoreLayoutError(file: file, path: error.path, message: error.message)
        }
    }
}

/// Reads the layout format from parsed JSON, checking every key.
private struct LayoutReader {
    let catalog: Catalog

    func layout(_ node: Node) throws(Node.Problem) -> StoreLayout {
        try node.expectObject(keys: ["title", "shops", "entitlements"])
        let root = node
        let title = try root.child("title")?.nonEmptyString() ?? "Store"
        let shopNodes = try root.required("shops").elements()
        guard !shopNodes.isEmpty else { throw try root.required("shops").problem("needs at least one shop") }
        var shops: [StoreLayout.Shop] = []
        for (index, shopNode) in shopNodes.enumerated() {
            let shop = try self.shop(shopNode, index: index)
            if shops.contains(where: { $0.id == shop.id }) {
                throw (shopNode.child("id") ?? shopNode).problem("duplicate shop id \"\(shop.id)\"")
            }
            shops.append(shop)
        }
        var entitlements: [NamedEntitlement] = []
        for entitlementNode in try root.child("entitlements")?.elements() ?? [] {
            entitlements.append(try entitlement(entitlementNode))
        }
        return StoreLayout(title: title, shops: shops, entitlements: entitlements)
    }

    private func shop(_ node: Node, index: Int) throws(Node.Problem) -> StoreLayout.Shop {
        try node.expectObject(keys: ["id", "title", "kind", "productIDs", "groupID", "style", "buttons", "sortByPrice", "titles", "relationship", "optionGroups", "optionGroupStyle"])
        let shop = node
        let kind = try shop.required("kind").oneOf(StoreLayout.Shop.Kind.self)
        let listed = try shop.child("productIDs").map(productIDs)
        let groupNode = shop.child("groupID")
        let productIDs: [Product.ID]
        var groupID: String?
        switch (kind, listed, groupNode) {
        case (.store, _, let groupNode?):
            throw groupNode.problem("only a \"subscriptions\" or \"offer\" shop takes a groupID")
        case (.offer, _, nil):
            throw shop.problem("an \"offer\" shop needs a \"groupID\"")
        case (.offer, _?, _?):
            throw shop.problem("an \"offer\" shop takes a \"groupID\", not \"productIDs\"")
        case (.store, let listed?, nil):
            productIDs = listed
        case (.subscriptions, _?, _?):
            throw shop.problem("give either \"productIDs\" or \"groupID\", not both")
        case (.subscriptions, let listed?, nil):
            productIDs = listed
        case (.subscriptions, nil, let groupNode?), (.offer, nil, let groupNode?):
            let id = try groupNode.nonEmptyString()
            guard let group = catalog.subscriptionGroup(id: id) else {
                let known = catalog.subscriptionGroups.map(\.id).joined(separator: ", ")
                throw groupNode.problem("no subscription group \"\(id)\" in the catalog (groups: \(known.isEmpty ? "none" : known))")
            }
            productIDs = catalog.subscriptions(in: group).map(\.id)
            groupID = id
        case (.store, nil, nil), (.subscriptions, nil, nil):
            throw shop.problem(kind == .store ? "missing \"productIDs\"" : "missing \"productIDs\" or \"groupID\"")
        }
        var buttons: [StoreLayout.Shop.Button] = []
        for buttonNode in try shop.child("buttons")?.elements() ?? [] {
            let button = try buttonNode.oneOf(StoreLayout.Shop.Button.self)
            if kind == .offer {
                throw buttonNode.problem("an \"offer\" shop shows no store buttons")
            }
            if button != .restorePurchases, kind != .subscriptions {
                throw buttonNode.problem("\"\(button.rawValue)\" is for \"subscriptions\" shops only")
            }
            if !buttons.contains(button) { buttons.append(button) }
        }
        var style = StoreLayout.Shop.Style.automatic
        if let styleNode = shop.child("style") {
            style = try styleNode.oneOf(StoreLayout.Shop.Style.self)
            guard style.fits(kind) else {
                let fitting = StoreLayout.Shop.Style.allCases.filter { $0.fits(kind) }.map { "\"\($0.rawValue)\"" }
                throw styleNode.problem("\(kind == .offer ? "an" : "a") \"\(kind.rawValue)\" shop's style is one of \(fitting.joined(separator: ", "))")
            }
        }
        var relationship = Product.SubscriptionRelationship.all
        if let relationshipNode = shop.child("relationship") {
            guard kind == .offer else { throw relationshipNode.problem("only an \"offer\" shop takes a relationship") }
            relationship = try relationshipNode.oneOf(LayoutRelationship.self).relationship
        }
        var optionGroups: SubscriptionOptionGroupSet?
        var optionGroupStyle = SubscriptionOptionGroupStyle.automatic
        for key in ["optionGroups", "optionGroupStyle"] {
            guard let groupNode = shop.child(key) else { continue }
            guard kind == .subscriptions else { throw groupNode.problem("only a \"subscriptions\" shop takes \"\(key)\"") }
            if key == "optionGroups" {
                optionGroups = try groupNode.oneOf(SubscriptionOptionGroupSet.self)
            } else {
                optionGroupStyle = try groupNode.oneOf(SubscriptionOptionGroupStyle.self)
            }
        }
        return StoreLayout.Shop(
            id: try shop.child("id")?.nonEmptyString() ?? String(index + 1),
            title: try shop.required("title").nonEmptyString(),
            kind: kind,
            productIDs: productIDs,
            groupID: groupID,
            style: style,
            buttons: buttons,
            sortByPrice: try shop.child("sortByPrice")?.flag() ?? false,
            titles: try titles(shop.child("titles"), of: productIDs),
            relationship: relationship, optionGroups: optionGroups, optionGroupStyle: optionGroupStyle
        )
    }

    /// `"titles"`: what to call products of the shop before they load or when the storefront
    /// lacks them, by product ID; the catalog's reference name for the others it has, looked
    /// up when drawn.
    private func titles(_ node: Node?, of productIDs: [Product.ID]) throws(Node.Problem) -> PlaceholderTitles {
        var titles: [Product.ID: String] = [:]
        if let members = try node?.members() {
            // Only a shop with titles pays for the set (a layout may list 100,000 products).
            let listed = Set(productIDs)
            for (id, title) in members {
                guard listed.contains(id) else { throw title.problem("\"\(id)\" is not one of this shop's products") }
                titles[id] = try title.nonEmptyString()
            }
        }
        let catalog = self.catalog
        return PlaceholderTitles(titles) { id in
            guard let position = catalog.productPosition(id: id) else { return nil }
            let name = catalog.referenceName(at: position)
            return name.isEmpty ? nil : name
        }
    }

    private func productIDs(_ node: Node) throws(Node.Problem) -> [Product.ID] {
        let elements = try node.elements()
        guard !elements.isEmpty else { throw node.problem("needs at least one product ID") }
        var ids: [Product.ID] = []
        ids.reserveCapacity(elements.count)
        for element in elements {
            let id = try element.nonEmptyString()
            // The catalog's own string where it has the product: a layout of 100,000 IDs
            // otherwise held a second copy of each (8 MB).
            ids.append(catalog.productPosition(id: id).map(catalog.productID(at:)) ?? id)
        }
        return ids
    }

    private func entitlement(_ node: Node) throws(Node.Problem) -> NamedEntitlement {
        try node.expectObject(keys: ["name", "productIDs", "freemiumSince"])
        let entitlement = node
        let name = try entitlement.required("name").nonEmptyString()
        let ids = try productIDs(entitlement.required("productIDs"))
        var freemiumSince: AppVersion?
        if let versionNode = entitlement.child("freemiumSince") {
            let text = try versionNode.stringValue()
            guard let version = AppVersion(text) else {
                throw versionNode.problem("\"\(text)\" is not a version such as \"2.0\" or \"2.1.1\"")
            }
            freemiumSince = version
        }
        return NamedEntitlement(name: name, productIDs: Set(ids), freemiumSince: freemiumSince)
    }
}

/// An offer shop's `"relationship"`, by StoreKit's names for `Product.SubscriptionRelationship`.
private enum LayoutRelationship: String, CaseIterable {
    case all, upgrade, downgrade, crossgrade, current

    var relationship: Product.SubscriptionRelationship {
        switch self {
        case .all: .all
        case .upgrade: .upgrade
        case .downgrade: .downgrade
        case .crossgrade: .crossgrade
        case .current: .current
        }
    }
}
