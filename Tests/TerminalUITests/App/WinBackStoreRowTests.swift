import Foundation
import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// A churned Grove subscriber in a store view (not a picker) that lists Grove Monthly: the
/// row shows the win-back offer as the picker does, in each product view style, and buying
/// from the row applies it.
@Suite("Win-back offers on store rows")
struct WinBackStoreRowTests {
    /// The pass as a plain product list in `style`, for a churned Grove subscriber.
    static func churned(_ style: StoreLayout.Shop.Style) async throws -> AppHarness {
        let shop = StoreLayout.Shop(id: "grove", title: "Grove", kind: .store, productIDs: [BackyardBirds.groveMonthly], style: style)
        let layout = StoreLayout(title: "Backyard Birds", shops: [shop])
        let harness = try await WinBackOfferTests.churned(options: AppOptions().onStoreMessage { _ in .suppress }, layout: layout)
        await harness.app.press(.enter)  // Grove
        return harness
    }

    @Test("The row shows the offer in every style, the sheet its terms, and the purchase applies it", arguments: [
        (StoreLayout.Shop.Style.large, "Welcome back: 1 month free, then $5.99/month"),
        (.regular, "Welcome back: 1 month free, then $5.99/month"),
        (.compact, "1 mo free"),
    ])
    func rowOffersAndApplies(style: StoreLayout.Shop.Style, shown: String) async throws {
        let harness = try await Self.churned(style)
        #expect(await harness.shows(shown))
        await harness.app.press(.enter)
        #expect(await harness.shows("[ Try It Free ]"))
        #expect(await harness.shows("Welcome back: 1 month free, then $5.99/month"))
        await harness.app.press(.char("y"))
        #expect(await harness.shows("Grove Monthly is free until Feb 1, 2026."))
        let bought = try #require(try await harness.store.allTransactions().compactMap(\.verifiedValue).max { $0.id < $1.id })
        #expect(bought.offer == Transaction.Offer(type: .winBack, id: WinBackOfferTests.offerID, paymentMode: .freeTrial, period: .init(value: 1, unit: .month)))
        await harness.app.press(.enter)  // the alert
        #expect(!(await harness.shows("Welcome back")), "a subscriber is offered no win-back")
    }
}
