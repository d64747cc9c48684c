import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// What the customer is told around a purchase: the header while they decide, and quitting
/// while the store still works on it.
@Suite("Purchase in progress")
struct PurchaseInProgressTests {
    static func slowStore() async throws -> AppHarness {
        var controls = StoreControls()
        controls.latency = .fixed(.seconds(2))
        let harness = try await AppHarness.make(controls: controls)
        await harness.app.press(.down, .enter)  // Bird Food
        await harness.app.wait(.seconds(2))
        return harness
    }

    static func header(_ harness: AppHarness) async -> String {
        String(await harness.text.split(separator: "\n").first ?? "")
    }

    @Test("The header says Buying only once the customer has confirmed")
    func buyingAfterConfirm() async throws {
        let harness = try await Self.slowStore()
        await harness.app.press(.enter)
        #expect(await harness.shows("Confirm Purchase"))
        #expect(!(await Self.header(harness)).contains("Buying"))
        await harness.app.press(.char("y"))
        #expect(await Self.header(harness).contains("Buying Sunflower Hearts"))
    }

    @Test("q while the store works on a purchase asks first; Stay keeps the app, Quit ends it")
    func quitAsksDuringPurchase() async throws {
        let harness = try await Self.slowStore()
        await harness.app.press(.enter, .char("y"))
        await harness.app.press(.char("q"))
        #expect(await harness.shows("A purchase is in progress"))
        #expect(await harness.shows("Quit anyway? It will finish in the store"))
        #expect(!(await harness.app.state.hasQuit))
        await harness.app.press(.char("n"))
        #expect(!(await harness.shows("A purchase is in progress")))
        #expect(!(await harness.app.state.hasQuit))
        await harness.app.press(.char("q"), .char("y"))
        #expect(await harness.app.state.hasQuit)
    }

    @Test("Ctrl-C on the confirmation sheet quits at once: nothing was sent to the store yet")
    func quitOnSheet() async throws {
        let harness = try await Self.slowStore()
        await harness.app.press(.enter, .ctrl("c"))
        #expect(await harness.app.state.hasQuit)
        #expect(!(await harness.shows("A purchase is in progress")))
    }

    @Test("q after the purchase ended quits without a question")
    func quitAfterPurchase() async throws {
        let harness = try await Self.slowStore()
        await harness.app.press(.enter, .char("y"))
        await harness.app.wait(.seconds(10))
        #expect(await harness.shows("Thank you!"))
        await harness.app.press(.enter, .char("q"))
        #expect(await harness.app.state.hasQuit)
    }
}
