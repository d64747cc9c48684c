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
}
