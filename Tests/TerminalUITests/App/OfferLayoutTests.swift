import CatalogLayouts
import Foundation
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport
import TerminalUI
import Testing

/// Layout files' `"offer"` shops: a `SubscriptionOfferView` of a group, by relationship.
@Suite("Offer shops in layout files")
struct OfferLayoutTests {
    func layout(_ shop: String) throws -> StoreLayout {
        try StoreLayout(json: Data(#"{"shops": [\#(shop)]}"#.utf8), file: "Shop.json", catalog: BackyardBirds.catalog())
    }

    @Test("An offer shop takes the group's plans, a relationship and the compact style")
    func offerShop() throws {
        let shop = try #require(try layout(#"{"id": "back", "title": "Come back", "kind": "offer", "groupID": "B1D5A2C7", "relationship": "upgrade", "style": "compact"}"#).shops.first)
        #expect(shop.kind == .offer)
        #expect(shop.groupID == "B1D5A2C7")
        #expect(shop.relationship == .upgrade)
        #expect(shop.style == .compact)
        #expect(shop.productIDs.count == 6)
        guard case .offer(let view) = ShopView(shop) else { Issue.record("not an offer view"); return }
        #expect(view.groupID == "B1D5A2C7")
        #expect(view.visibleRelationship == .upgrade)
        #expect(view.style == .compact)
    }

    @Test("Without a relationship an offer shop shows any plan, drawn automatically")
    func defaults() throws {
        let shop = try #require(try layout(#"{"title": "Offer", "kind": "offer", "groupID": "B1D5A2C7"}"#).shops.first)
        #expect(shop.relationship == .all)
        #expect(shop.style == .automatic)
    }

    @Test("Bad offer shops are refused with the file, the JSON path and what is wrong", arguments: [
        (#"{"title": "x", "kind": "offer"}"#, #"Shop.json: shops[0]: an "offer" shop needs a "groupID""#),
        (#"{"title": "x", "kind": "offer", "productIDs": ["a"]}"#, #"Shop.json: shops[0]: an "offer" shop needs a "groupID""#),
        (#"{"title": "x", "kind": "offer", "groupID": "B1D5A2C7", "productIDs": ["a"]}"#,
         #"Shop.json: shops[0]: an "offer" shop takes a "groupID", not "productIDs""#),
        (#"{"title": "x", "kind": "offer", "groupID": "B1D5A2C7", "relationship": "sideways"}"#,
         #"Shop.json: shops[0].relationship: "sideways" is not one of "all", "upgrade", "downgrade", "crossgrade", "current""#),
        (#"{"title": "x", "kind": "subscriptions", "groupID": "B1D5A2C7", "relationship": "upgrade"}"#,
         #"Shop.json: shops[0].relationship: only an "offer" shop takes a relationship"#),
        (#"{"title": "x", "kind": "offer", "groupID": "B1D5A2C7", "style": "large"}"#,
         #"Shop.json: shops[0].style: an "offer" shop's style is one of "automatic", "compact""#),
        (#"{"title": "x", "kind": "offer", "groupID": "B1D5A2C7", "buttons": ["restorePurchases"]}"#,
         #"Shop.json: shops[0].buttons[0]: an "offer" shop shows no store buttons"#),
        (#"{"title": "x", "kind": "offer", "groupID": "NOPE"}"#,
         #"Shop.json: shops[0].groupID: no subscription group "NOPE" in the catalog (groups: B1D5A2C7)"#),
    ])
    func refused(json: String, message: String) {
        #expect {
            _ = try layout(json)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test("A subscriptions shop takes StoreKit's 2024 control styles and option groups")
    func pickerStyles() throws {
        for style in ["compactPicker", "pagedPicker", "pagedProminentPicker"] {
            let shop = try #require(try layout(#"{"title": "Pass", "kind": "subscriptions", "groupID": "B1D5A2C7", "style": "\#(style)"}"#).shops.first)
            #expect(shop.style.rawValue == style)
            guard case .subscriptions(let view) = ShopView(shop) else { Issue.record("not a picker"); continue }
            #expect("\(view.controlStyle)" == style)
        }
        let grouped = try #require(try layout(#"{"title": "Pass", "kind": "subscriptions", "groupID": "B1D5A2C7", "optionGroups": "period", "optionGroupStyle": "links"}"#).shops.first)
        #expect(grouped.optionGroups == .period)
        #expect(grouped.optionGroupStyle == .links)
    }

    @Test("Bad picker styles and option groups are refused, naming the file, the field and the valid names", arguments: [
        (#"{"title": "x", "kind": "subscriptions", "groupID": "B1D5A2C7", "style": "carousel"}"#,
         #"Shop.json: shops[0].style: "carousel" is not one of "automatic", "compact", "regular", "large", "picker", "prominentPicker", "buttons", "compactPicker", "pagedPicker", "pagedProminentPicker""#),
        (#"{"title": "x", "kind": "store", "productIDs": ["a"], "style": "pagedPicker"}"#,
         #"Shop.json: shops[0].style: a "store" shop's style is one of "automatic", "compact", "regular", "large""#),
        (#"{"title": "x", "kind": "subscriptions", "groupID": "B1D5A2C7", "optionGroups": "tier"}"#,
         #"Shop.json: shops[0].optionGroups: "tier" is not one of "serviceLevel", "period""#),
        (#"{"title": "x", "kind": "subscriptions", "groupID": "B1D5A2C7", "optionGroupStyle": "pills"}"#,
         #"Shop.json: shops[0].optionGroupStyle: "pills" is not one of "automatic", "tabs", "links""#),
        (#"{"title": "x", "kind": "store", "productIDs": ["a"], "optionGroups": "period"}"#,
         #"Shop.json: shops[0].optionGroups: only a "subscriptions" shop takes "optionGroups""#),
    ])
    func refusedPickers(json: String, message: String) {
        #expect {
            _ = try layout(json)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
