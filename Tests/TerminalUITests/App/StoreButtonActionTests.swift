import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// The store buttons that used to draw and do nothing: Sign In and Redeem Code.
@Suite("Store button actions")
struct StoreButtonActionTests {
    actor Calls {
        private(set) var count = 0
        func record() { count += 1 }
    }

    @Test("Sign In runs the view's sign-in action, then says who the storefront runs as")
    func signIn() async throws {
        let calls = Calls()
        let layout = try BackyardBirds.layout()
        var options = AppOptions(account: "the local customer")
        options.shopViews["pass"] = .subscriptions(
            SubscriptionStoreView(groupID: "B1D5A2C7").subscriptionStoreSignInAction { await calls.record() }
        )
        let harness = try await AppHarness.make(layout: layout, options: options)
        await harness.app.press(.enter)
        #expect(await harness.shows("Sign In"))
        await harness.app.press(.tab, .enter)  // the only button: Sign In
        #expect(await calls.count == 1)
        #expect(await harness.shows("Signed In"))
        #expect(await harness.shows("This storefront runs as the local customer."))
    }

    @Test("Without an account or an action there is no Sign In to press")
    func noSignIn() async throws {
        let harness = try await AppHarness.make()
        await harness.app.press(.enter)
        #expect(!(await harness.shows("Sign In")))
    }

    /// Backyard Birds Pass's buttons: Restore Purchases, Redeem Code, Terms, Privacy.
    static let openRedeemSheet: [Key] = [.enter, .tab, .tab, .enter]

    @Test("Redeem Code: a sheet to type a code in; the code's month shows in Your Purchases, once")
    func redeemCode() async throws {
        let harness = try await AppHarness.make()
        for key in Self.openRedeemSheet { await harness.app.press(key) }
        #expect(await harness.shows("Redeem Code"))
        #expect(await harness.shows("Enter the offer code you received."))
        await harness.app.type("birdwatchez")
        await harness.app.press(.backspace)
        await harness.app.type("r")
        #expect(await harness.shows("birdwatcher"))
        await harness.app.press(.enter)
        #expect(await harness.shows("Code redeemed"))
        #expect(await harness.shows("BIRDWATCHER: Grove Monthly is free until Feb 1,"))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == [BackyardBirds.groveMonthly])

        await harness.app.press(.enter)  // OK: the focus is back on the plans
        await harness.app.press(.tab, .tab, .enter)  // Redeem Code
        await harness.app.type("BIRDWATCHER")
        await harness.app.press(.enter)
        #expect(await harness.shows("The code BIRDWATCHER has already been"))
        #expect(try await harness.store.allTransactions().count == 1)
        await harness.app.press(.esc)
        #expect(!(await harness.shows("Enter the offer code")))
        await harness.app.press(.esc, .end, .enter)  // Your Purchases
        #expect(await harness.shows("Grove Monthly"))
    }

    @Test("An unknown code says so in the sheet and can be corrected; Esc closes it with nothing redeemed")
    func unknownCode() async throws {
        let harness = try await AppHarness.make()
        for key in Self.openRedeemSheet { await harness.app.press(key) }
        await harness.app.type("SEED2026")
        await harness.app.press(.enter)
        #expect(await harness.shows("No offer has the code SEED2026."))
        await harness.app.press(.backspace)
        #expect(!(await harness.shows("No offer has the code")))
        await harness.app.press(.esc)
        #expect(!(await harness.shows("Enter the offer code")))
        #expect(try await harness.store.allTransactions().isEmpty)
    }

}
