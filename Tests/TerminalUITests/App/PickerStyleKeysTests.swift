import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// The 2024 picker styles, option groups and preferred offers, driven by keys in the
/// Backyard Birds pass (six plans: Sanctuary, Grove, Meadow, each monthly and yearly).
@Suite("Picker styles, by keys")
struct PickerStyleKeysTests {
    static func harness(
        _ change: (inout StoreLayout.Shop) -> Void, options: AppOptions = AppOptions(), controls: StoreControls = StoreControls(),
        width: Int = 80, height: Int = 24
    ) async throws -> AppHarness {
        var layout = try BackyardBirds.layout()
        change(&layout.shops[0])
        return try await AppHarness.make(width: width, height: height, controls: controls, layout: layout, options: options)
    }

    @Test("Paged picker: one plan a page, → and ← turn pages, the dots follow")
    func pagedTurnsPages() async throws {
        let harness = try await Self.harness { $0.style = .pagedPicker }
        await harness.app.press(.enter)
        #expect(await harness.shows("Sanctuary Monthly"))
        #expect(!(await harness.shows("Sanctuary Yearly")))
        #expect(await harness.shows("◉ ○ ○ ○ ○ ○"))
        await harness.app.press(.right)
        #expect(await harness.shows("Sanctuary Yearly"))
        #expect(!(await harness.shows("Sanctuary Monthly")))
        #expect(await harness.shows("○ ◉ ○ ○ ○ ○"))
        await harness.app.press(.left)
        #expect(await harness.shows("Sanctuary Monthly"))
    }

    @Test("Option groups as tabs: → goes to the next tier's plans; ↓ stays within the tier; the help bar says group")
    func tabsByKeys() async throws {
        let harness = try await Self.harness {
            $0.optionGroups = .serviceLevel
            $0.optionGroupStyle = .tabs
        }
        await harness.app.press(.enter)
        #expect(await harness.shows(" Grove "))
        #expect(await harness.shows("Sanctuary Yearly"))
        #expect(!(await harness.shows("Grove Monthly")))
        #expect(await harness.shows("group"))
        await harness.app.press(.down, .down, .down)
        #expect(!(await harness.shows("Grove Monthly")))
        await harness.app.press(.right)
        #expect(await harness.shows("Grove Monthly"))
        #expect(!(await harness.shows("Sanctuary Yearly")))
    }

    @Test("A compact picker of the six plans stacks them; at 40 columns too")
    func compactStacksMany() async throws {
        for width in [80, 40] {
            let harness = try await Self.harness({ $0.style = .compactPicker }, width: width, height: width == 80 ? 24 : 12)
            await harness.app.press(.enter)
            let screen = await harness.text
            #expect(screen.contains("Sanctuary Monthly"))
            #expect(screen.contains("Subscribe"))
        }
    }

    @Test("preferredSubscriptionOffer: a lapsed member's plan shows the promotional offer, and buying it applies the offer")
    func preferredOfferApplied() async throws {
        let (jws, controls) = try SubscriptionPromotionalOfferTests.signed()
        var options = AppOptions()
        options.shopViews["pass"] = .subscriptions(
            SubscriptionStoreView(groupID: "B1D5A2C7")
                .preferredSubscriptionOffer { _, _, eligible in eligible.first { $0.type == .promotional } }
                .subscriptionPromotionalOffer(offer: { _, subscription in subscription.promotionalOffers.first }, compactJWS: { _, _, _ in jws })
        )
        let harness = try await Self.harness({ _ in }, options: options, controls: controls)
        // Subscribed and lapsed before: the view's promotional offer is for returning members.
        _ = try await harness.store.buy(OfferScreenTests.sanctuaryYearly)
        try await harness.store.expireSubscription(productID: OfferScreenTests.sanctuaryYearly)
        await harness.app.press(.enter, .down)  // the pass, Sanctuary Yearly
        #expect(await harness.shows("Special offer: $79.99 for 1 year, then $99.99/year"))
        await harness.app.press(.enter, .char("y"))
        #expect(await harness.shows("You're subscribed"))
        let transactions = try await harness.store.allTransactions().compactMap(\.verifiedValue)
        let bought = try #require(transactions.max { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) })
        #expect(bought.offer?.id == OfferScreenTests.returning)
    }
}
