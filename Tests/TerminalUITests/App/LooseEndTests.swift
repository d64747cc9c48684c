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

    /// Ctrl-C is q: it asks too, and a second Ctrl-C at the question quits.
    @Test("q or Ctrl-C while the store works on a purchase asks first; Stay keeps the app, Quit (or Ctrl-C again) ends it",
          arguments: [Key.char("q"), .ctrl("c")])
    func quitAsksDuringPurchase(_ key: Key) async throws {
        let harness = try await Self.slowStore()
        await harness.app.press(.enter, .char("y"))
        await harness.app.press(key)
        #expect(await harness.shows("A purchase is in progress"))
        #expect(await harness.shows("Quit anyway? It will finish in the store"))
        #expect(!(await harness.app.state.hasQuit))
        await harness.app.press(.char("n"))
        #expect(!(await harness.shows("A purchase is in progress")))
        #expect(!(await harness.app.state.hasQuit))
        await harness.app.press(key, key == .char("q") ? .char("y") : key)
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

/// The subscription picker when the customer's standing cannot be read, and while a plan
/// waits for a parent's approval.
@Suite("Picker honesty")
struct PickerHonestyTests {
    @Test("A status the store cannot read: a warning and r to retry, never a trial or a Subscribe button")
    func unreadableStatus() async throws {
        var controls = StoreControls()
        controls.failures[.subscriptionStatus] = StoreAPI.subscriptionStatus.defaultError
        let harness = try await AppHarness.make(controls: controls)
        await harness.app.press(.enter)  // Backyard Birds Pass
        #expect(await harness.shows("Current plan unknown · r to retry"))
        #expect(!(await harness.shows("[ Subscribe ]")))
        #expect(!(await harness.shows("free")))
        #expect(await harness.shows("r retry"))
        await harness.app.press(.enter)
        #expect(!(await harness.shows("Confirm Purchase")))

        await harness.store.setControls(StoreControls())
        await harness.app.press(.char("r"))
        #expect(await harness.shows("[ Subscribe ]"))
        #expect(await harness.shows("1 week free, then $2.99/month"))
    }

    @Test("A plan waiting for approval says so in the picker, and Enter on it says why nothing happens")
    func waitingPlan() async throws {
        var controls = StoreControls()
        controls.askToBuy = true
        let harness = try await AppHarness.make(controls: controls)
        await harness.app.press(.enter, .down, .down, .down, .down, .enter, .char("y"))  // Meadow Monthly
        #expect(await harness.shows("Waiting for approval"))
        await harness.app.press(.enter)  // OK
        let row = await harness.text.split(separator: "\n").drop { !$0.contains("Meadow Monthly") }.dropFirst().first ?? ""
        #expect(row.contains("Waiting for approval"), "\(row)")
        await harness.app.press(.enter)
        #expect(await harness.shows("Meadow Monthly will be yours once the purchase"))
        #expect(!(await harness.shows("Confirm Purchase")))
    }

    @Test("The help bar offers only what works: no tab without buttons, press while a button has focus")
    func helpBar() async throws {
        let harness = try await AppHarness.make(width: 120, height: 40)
        await harness.app.press(.down, .enter)  // Bird Food: no store buttons
        let bar = { String(await harness.text.split(separator: "\n").last ?? "") }
        #expect(!(await bar()).contains("tab"))
        await harness.app.press(.esc, .down, .enter, .tab)  // Feeders & Gear: Restore Purchases has focus
        #expect(await bar().contains("enter press"))
        #expect(!(await bar()).contains("enter buy"))
    }
}

@Suite("A catalog with nothing for sale")
struct EmptyCatalogTests {
    @Test("The store list says why only Your Purchases shows")
    func saysWhy() async throws {
        let harness = try await AppHarness.make(layout: StoreLayout(title: "Empty", shops: []))
        #expect(await harness.shows("Your Purchases"))
        #expect(await harness.shows("This catalog lists no products or subscriptions."))
    }
}

@Suite("One filter rule")
struct FilterRuleTests {
    @Test("The store list filters as product lists do: each word starts a word, in any order")
    func storeListWordStarts() throws {
        let layout = try BackyardBirds.layout()
        #expect(StoreListItem.items(of: layout, filter: "food bird").map { $0.title() } == ["Bird Food"])
        #expect(StoreListItem.items(of: layout, filter: "ird").isEmpty, "not at a word start")
        #expect(StoreListItem.items(of: layout, filter: "  ").count == layout.shops.count + 1)
    }
}
