import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTesting
import Testing
import TerminalUI

/// A churned Grove subscriber opens the store: the App Store's win-back message, the picker
/// offering "Welcome back: 1 month free" in place of the introductory offer, and the offer
/// applied when they subscribe, over the local store with the Backyard Birds catalog.
@Suite("Win-back offers in the app")
struct WinBackOfferTests {
    static let offerID = "com.example.backyardbirds.pass.grove.welcomeback"

    /// A customer who had Grove Monthly and let it expire, in an app opened afterwards.
    static func churned(options: AppOptions = AppOptions(), layout: StoreLayout? = nil) async throws -> AppHarness {
        let catalog = try BackyardBirds.catalog()
        let clock = VirtualClock()
        let store = LocalStore(
            catalog: catalog, ledger: try Ledger(location: .inMemory),
            clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch)
        )
        // Bought and delivered on another device, in the past.
        if case .success(.verified(let transaction)) = try await store.buy(BackyardBirds.groveMonthly) {
            try await store.finish(transaction)
        }
        try await store.expireSubscription(productID: BackyardBirds.groveMonthly)
        return try await AppHarness.opening(store, clock: clock, catalog: catalog, options: options, layout: layout)
    }

    /// The offer of the last transaction.
    private func lastOffer(_ harness: AppHarness) async throws -> Transaction.Offer? {
        try await harness.store.allTransactions().last?.verifiedValue?.offer
    }

    @Test("The store opens on the message sheet; Enter takes the offer: the picker's sheet, then the free month")
    func messageSheetTakesTheOffer() async throws {
        let harness = try await Self.churned()
        #expect(await harness.shows("Welcome back"))
        #expect(await harness.shows("Grove Monthly"))
        #expect(await harness.shows("1 month free, then $5.99/month"))
        assertScreen(await harness.app.render(), named: "message-80x24")
        await harness.app.press(.enter)  // Try It Free
        #expect(await harness.shows("Confirm Purchase"))
        #expect(await harness.shows("Welcome back: 1 month free, then $5.99/month"))
        await harness.app.press(.char("y"))
        #expect(await harness.shows("Grove Monthly is free until Feb 1, 2026."))
        #expect(try await lastOffer(harness) == Transaction.Offer(type: .winBack, id: Self.offerID, paymentMode: .freeTrial, period: .init(value: 1, unit: .month)))
    }

    @Test("Esc (Not Now) puts the message away and buys nothing")
    func notNow() async throws {
        let harness = try await Self.churned()
        #expect(await harness.shows("Not Now"))
        await harness.app.press(.esc)
        #expect(!(await harness.shows("Welcome back")))
        #expect(await harness.shows("Backyard Birds Pass"))
        #expect(try await harness.store.allTransactions().count == 1)
    }

    @Test("The picker shows the win-back offer in place of the introductory one and applies it")
    func pickerOffersAndApplies() async throws {
        let harness = try await Self.churned(options: AppOptions().onStoreMessage { _ in .suppress })
        #expect(!(await harness.shows("Welcome back")))
        await harness.app.press(.enter)  // Backyard Birds Pass
        #expect(await harness.shows("Welcome back: 1 month free, then $5.99/month"))
        assertScreen(await harness.app.render(), named: "picker-80x24")
        await harness.app.press(.down, .down, .enter)  // Grove Monthly
        #expect(await harness.shows("[ Try It Free ]"))
        await harness.app.press(.char("y"))
        #expect(await harness.shows("Grove Monthly is free until Feb 1, 2026."))
        #expect(try await lastOffer(harness) == Transaction.Offer(type: .winBack, id: Self.offerID, paymentMode: .freeTrial, period: .init(value: 1, unit: .month)))
        await harness.app.press(.enter)
        #expect(!(await harness.shows("Welcome back:")), "a subscriber is offered no win-back")
    }

    @Test("Deferred by the app: no sheet at launch; it shows when the customer comes back to the store list")
    func deferred() async throws {
        let harness = try await Self.churned(options: AppOptions().storeMessagesDeferred(true))
        #expect(await harness.shows("Bird Food"))
        #expect(!(await harness.shows("Welcome back")))
        await harness.app.press(.down, .enter)  // Bird Food
        #expect(!(await harness.shows("Welcome back")))
        await harness.app.press(.esc)
        #expect(await harness.shows("Welcome back"))
        #expect(await harness.shows("1 month free, then $5.99/month"))
    }

    @Test("A customer who never subscribed gets no message and the introductory offer")
    func newcomer() async throws {
        let harness = try await AppHarness.make()
        await harness.app.press(.enter)
        #expect(await harness.shows("$2.99/month for 3 months, then $5.99/month"))
        #expect(!(await harness.shows("Welcome back")))
    }
}
