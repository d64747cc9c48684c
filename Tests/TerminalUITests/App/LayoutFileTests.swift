import CatalogLayouts
import Foundation
import StoreCatalog
import StorefrontTestSupport
import TerminalUI
import Testing

@Suite("Layout files")
struct LayoutFileTests {
    func layout(_ json: String) throws(StoreLayoutError) -> StoreLayout {
        // The catalog is read once per call; small enough for tests.
        guard let catalog = try? BackyardBirds.catalog() else {
            throw StoreLayoutError(file: "-", path: "", message: "catalog missing")
        }
        return try StoreLayout(json: Data(json.utf8), file: "Shop.json", catalog: catalog)
    }

    @Test("The Backyard Birds layout: four shops, the pass group in picker order, a product the catalog lacks")
    func backyardBirds() throws {
        let layout = try BackyardBirds.layout()
        #expect(layout.title == "Backyard Birds")
        #expect(layout.shops.map(\.id) == ["pass", "food", "gear", "season"])
        #expect(layout.shops.map(\.kind) == [.subscriptions, .store, .store, .store])
        let pass = try #require(layout.shop(id: "pass"))
        #expect(pass.groupID == "B1D5A2C7")
        #expect(pass.productIDs.first == BackyardBirds.sanctuaryMonthly)
        #expect(pass.productIDs.count == 6)
        #expect(pass.buttons == [.restorePurchases, .redeemCode, .policies])
        let food = try #require(layout.shop(id: "food"))
        #expect(food.sortByPrice)
        #expect(food.style == .compact)
        #expect(food.productIDs.contains(BackyardBirds.nyjer))
        #expect(try BackyardBirds.catalog().product(id: BackyardBirds.nyjer) == nil)
        #expect(layout.entitlements.map(\.name) == ["Backyard Birds Pass", "Songbird Field Guide"])
        #expect(layout.entitlements[1].freemiumSince?.description == "2.0")
    }

    @Test("Only shops, a title and a kind are required; the rest has defaults")
    func minimal() throws {
        let layout = try layout(#"{"shops": [{"title": "Tips", "kind": "store", "productIDs": ["a", "b"]}]}"#)
        #expect(layout.title == "Store")
        let shop = try #require(layout.shops.first)
        #expect(shop.id == "1")
        #expect(shop.style == .automatic)
        #expect(shop.buttons.isEmpty)
        #expect(!shop.sortByPrice)
    }

    @Test("Bad layouts are refused with the file, the JSON path and what is wrong", arguments: [
        (#"{"shops": ["#, "Shop.json: not valid JSON"),
        (#"{"title": "x"}"#, "Shop.json: missing \"shops\""),
        (#"{"shops": []}"#, "Shop.json: shops: needs at least one shop"),
        (#"{"shops": [{"title": "x", "kind": "shop", "productIDs": ["a"]}]}"#,
         #"Shop.json: shops[0].kind: "shop" is not one of "store", "subscriptions", "offer""#),
        (#"{"shops": [{"title": "x", "kind": "store", "productIds": ["a"]}]}"#,
         #"Shop.json: shops[0].productIds: unknown key "productIds""#),
        (#"{"shops": [{"title": "x", "kind": "store"}]}"#, #"Shop.json: shops[0]: missing "productIDs""#),
        (#"{"shops": [{"title": "x", "kind": "store", "productIDs": []}]}"#, "Shop.json: shops[0].productIDs: needs at least one product ID"),
        (#"{"shops": [{"title": "x", "kind": "store", "productIDs": [3]}]}"#, "Shop.json: shops[0].productIDs[0]: expected a string, found a number"),
        (#"{"shops": [{"title": "x", "kind": "store", "groupID": "B1D5A2C7", "productIDs": ["a"]}]}"#,
         #"Shop.json: shops[0].groupID: only a "subscriptions" or "offer" shop takes a groupID"#),
        (#"{"shops": [{"title": "x", "kind": "subscriptions", "groupID": "B1D5A2C7", "productIDs": ["a"]}]}"#,
         #"Shop.json: shops[0]: give either "productIDs" or "groupID", not both"#),
        (#"{"shops": [{"title": "x", "kind": "subscriptions", "groupID": "NOPE"}]}"#,
         #"Shop.json: shops[0].groupID: no subscription group "NOPE" in the catalog (groups: B1D5A2C7)"#),
        (#"{"shops": [{"title": "x", "kind": "store", "style": "picker", "productIDs": ["a"]}]}"#,
         #"Shop.json: shops[0].style: a "store" shop's style is one of "automatic", "compact", "regular", "large""#),
        (#"{"shops": [{"title": "x", "kind": "store", "buttons": ["policies"], "productIDs": ["a"]}]}"#,
         #"Shop.json: shops[0].buttons[0]: "policies" is for "subscriptions" shops only"#),
        (#"{"shops": [{"id": "a", "title": "x", "kind": "store", "productIDs": ["a"]}, {"id": "a", "title": "y", "kind": "store", "productIDs": ["b"]}]}"#,
         #"Shop.json: shops[1].id: duplicate shop id "a""#),
        (#"{"shops": [{"title": "x", "kind": "store", "productIDs": ["a"]}], "entitlements": [{"name": "pro", "productIDs": ["a"], "freemiumSince": "two"}]}"#,
         #"Shop.json: entitlements[0].freemiumSince: "two" is not a version"#),
        (#"{"shops": [{"title": "", "kind": "store", "productIDs": ["a"]}]}"#, "Shop.json: shops[0].title: must not be empty"),
        (#"{"shops": [{"title": "x", "kind": "store", "productIDs": ["a"], "sortByPrice": "yes"}]}"#,
         "Shop.json: shops[0].sortByPrice: expected true or false, found a string"),
        (#"{"shops": [{"title": "x", "kind": "store", "productIDs": ["a"], "titles": {"a": "Aye", "b": "Bee"}}]}"#,
         #"Shop.json: shops[0].titles.b: "b" is not one of this shop's products"#),
    ])
    func refused(json: String, message: String) {
        #expect {
            _ = try layout(json)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test("Without a layout file: a shop per subscription group, then consumables, non-consumables, non-renewing")
    func derivedFromCatalog() throws {
        let layout = StoreLayout(catalog: try BackyardBirds.catalog(), title: "Backyard Birds")
        #expect(layout.shops.map(\.title) == ["Backyard Birds Pass", "Consumables", "Non-Consumables", "Non-Renewing Subscriptions"])
        #expect(layout.shops.map(\.kind) == [.subscriptions, .store, .store, .store])
        #expect(layout.shops[0].productIDs.count == 6)
        #expect(layout.shops[1].productIDs.count == 4)
    }

    @Test("Kinds a catalog lacks get no shop")
    func derivedSkipsEmptyKinds() throws {
        let tipJar = try CatalogLoader.load(contentsOf: PackagePaths.catalog("TipJar"))
        let layout = StoreLayout(catalog: tipJar, title: "Tip Jar")
        #expect(layout.shops.map(\.title) == ["Consumables"])
    }
}
