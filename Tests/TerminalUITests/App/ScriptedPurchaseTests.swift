import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// Whole purchases driven by keys, as a customer would, against the local store with the
/// Backyard Birds catalog and layout.
@Suite("Scripted purchases")
struct ScriptedPurchaseTests {
    // The store list: Backyard Birds Pass, Bird Food, Feeders & Gear, Migration Season, Your Purchases.
    static let openPass: [Key] = [.enter]
    static let openBirdFood: [Key] = [.down, .enter]
    static let openPurchases: [Key] = [.end, .enter]

    func press(_ keys: [Key], _ harness: AppHarness) async {
        for key in keys { await harness.app.press(key) }
    }

    @Test("Buy a tip: the sheet, a thank-you, the count in the row and in Your Purchases")
    func buyTip() async throws {
        let harness = try await AppHarness.make()
        await press(Self.openBirdFood, harness)
        await harness.app.press(.enter)
        #expect(await harness.shows("Confirm Purchase"))
        #expect(await harness.shows("Sunflower Hearts"))
        await harness.app.press(.char("y"))
        #expect(await harness.shows("Thank you!"))
        await harness.app.press(.enter, .esc)
        await press(Self.openPurchases, harness)
        let screen = await harness.text
        #expect(screen.contains("Sunflower Hearts ×1"))
        #expect(screen.contains("✓ 01/01/2026, 12:00 AM  Sunflower Hearts"))
    }

    @Test("While the sheet asks the customer, nothing on screen moves; once they confirm, the row's spinner turns")
    func stillWhileAsking() async throws {
        var controls = StoreControls()
        controls.latency = .fixed(.seconds(2))
        let harness = try await AppHarness.make(controls: controls)
        await press(Self.openBirdFood, harness)
        await harness.app.wait(.seconds(5))  // the products, at the store's latency
        await harness.app.press(.enter)
        #expect(await harness.shows("Confirm Purchase"))
        let asking = await harness.text
        await harness.app.wait(.milliseconds(400))
        #expect(await harness.text == asking, "the screen changed while it waited for the customer")

        await harness.app.press(.char("y"))
        let buying = await harness.text
        await harness.app.wait(.milliseconds(400))
        #expect(await harness.text != buying, "the spinner stood still while the store worked")
    }

    @Test("Buy the field guide: Owned in its row, and listed once under Entitlements (its named entitlement)")
    func buyNonConsumable() async throws {
        let harness = try await AppHarness.make()
        await press([.down, .down, .enter], harness)  // Feeders & Gear
        await harness.app.press(.end, .enter, .char("y"))
        #expect(await harness.shows("Owned"))
        await harness.app.press(.esc)
        await press(Self.openPurchases, harness)
        let entitlements = await harness.text.components(separatedBy: "Entitlements").last?.components(separatedBy: "History").first ?? ""
        #expect(entitlements.components(separatedBy: "Songbird Field Guide").count - 1 == 1, "\(entitlements)")
    }

    @Test("Subscribe with a free trial, then upgrade: the sheet says Try It Free, then Upgrade")
    func trialThenUpgrade() async throws {
        let harness = try await AppHarness.make()
        await press(Self.openPass, harness)
        // Plans in level order: Sanctuary ×2, Grove ×2, Meadow monthly (1 week free), Meadow yearly.
        await harness.app.press(.down, .down, .down, .down, .enter)
        #expect(await harness.shows("[ Try It Free ]"))
        #expect(await harness.shows("1 week free, then $2.99/month"))
        await harness.app.press(.char("y"))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == [BackyardBirds.meadowMonthly])
        #expect(!(await harness.shows("Purchase failed")))
        #expect(await harness.shows("Your free trial has started"))
        #expect(await harness.shows("Meadow Monthly (1 week) ends on"))
        #expect(await harness.shows("8, 2026. Then $2.99 / month, until you cancel."))
        await harness.app.press(.enter)  // OK

        await harness.app.press(.home, .enter)  // Sanctuary Monthly, a higher tier
        #expect(await harness.shows("[ Upgrade ]"))
        #expect(!(await harness.shows("free")))  // no trial on a plan change
        await harness.app.press(.char("y"))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == [BackyardBirds.sanctuaryMonthly])
        #expect(await harness.shows("Sanctuary Monthly renews on Feb 1, 2026"))

        await harness.app.press(.enter, .esc)
        await press(Self.openPurchases, harness)
        let screen = await harness.text
        #expect(screen.contains("✓ Backyard Birds Pass"))
        #expect(screen.contains("✓ Sanctuary Monthly"))
        #expect(screen.contains("free trial"))
        #expect(screen.contains("upgraded"))
    }

    @Test("Restore Purchases from the store list and from a shop's button")
    func restore() async throws {
        let harness = try await AppHarness.make()
        _ = try await harness.store.buy(BackyardBirds.copperFeeder)
        await harness.app.press(.char("r"))
        #expect(await harness.shows("Purchases restored"))
        #expect(await harness.shows("1 purchase is active."))
        await harness.app.press(.enter, .down, .down, .enter, .tab, .enter)
        #expect(await harness.shows("Purchases restored"))
    }

    @Test("Ask to Buy: waiting for approval, nothing else to buy meanwhile, then approved")
    func askToBuy() async throws {
        var controls = StoreControls()
        controls.askToBuy = true
        let harness = try await AppHarness.make(controls: controls)
        await press(Self.openBirdFood, harness)
        await harness.app.press(.enter, .char("y"))
        #expect(await harness.shows("Waiting for approval"))
        await harness.app.press(.enter)
        #expect(await harness.shows("Waiting"))
        await harness.app.press(.enter)  // the same row again: no second request
        #expect(!(await harness.shows("Confirm Purchase")))

        let request = try #require(try await harness.store.pendingRequests().first)
        _ = try await harness.store.approveAskToBuy(requestID: request.id)
        await harness.app.settle()
        #expect(await harness.shows("Approved"))
        await harness.app.press(.enter)
        #expect(await harness.shows("Sunflower Hearts ×1"))
    }

    @Test("A failed purchase shows the error; once the store works again, buying again succeeds")
    func failureThenRetry() async throws {
        var controls = StoreControls()
        controls.failures[.purchase] = StoreAPI.purchase.defaultError
        let harness = try await AppHarness.make(controls: controls)
        await press(Self.openBirdFood, harness)
        await harness.app.press(.enter, .char("y"))
        #expect(await harness.shows("Purchase failed"))
        #expect(try await harness.store.allTransactions().isEmpty)

        await harness.store.setControls(StoreControls())
        await harness.app.press(.enter, .enter, .char("y"))
        #expect(await harness.shows("Thank you!"))
    }

    @Test("A failed load says how to retry, and r retries")
    func loadFailureThenRetry() async throws {
        var controls = StoreControls()
        controls.failures[.loadProducts] = StoreAPI.loadProducts.defaultError
        let harness = try await AppHarness.make(controls: controls)
        await press(Self.openBirdFood, harness)
        #expect(await harness.shows("Couldn't load: The store reported an unknown error."))
        #expect(await harness.shows("r retry"))
        await harness.store.setControls(StoreControls())
        await harness.app.press(.char("r"))
        #expect(await harness.shows("Sunflower Hearts"))
    }

    @Test("Esc during a purchase goes back, and the result still shows when it arrives")
    func escapeKeepsResult() async throws {
        var controls = StoreControls()
        controls.latency = .fixed(.milliseconds(300))
        let harness = try await AppHarness.make(controls: controls)
        await harness.app.wait(.seconds(3))
        await press(Self.openBirdFood, harness)
        await harness.app.wait(.milliseconds(300))
        await harness.app.press(.enter, .char("y"), .esc)
        #expect(await harness.app.state.screen == .storeList)
        #expect(await harness.shows("Buying Sunflower Hearts"))
        await harness.app.wait(.seconds(3))
        #expect(await harness.shows("Thank you!"))
    }

    @Test("While a purchase runs, other rows are dimmed and buy nothing")
    func dimmedRowsDoNothing() async throws {
        var controls = StoreControls()
        controls.latency = .fixed(.seconds(1))
        let harness = try await AppHarness.make(controls: controls)
        await harness.app.wait(.seconds(10))
        await press(Self.openBirdFood, harness)
        await harness.app.wait(.seconds(1))
        await harness.app.press(.enter, .char("y"), .down, .enter)
        #expect(!(await harness.shows("Confirm Purchase")))
        let screen = await harness.app.render()
        for name in ["Hummingbird Nectar", "Suet Cake"] {
            let y = try #require(row(containing: name, in: screen))
            let x = try #require(column(of: "Buy", inRow: y, of: screen))
            #expect(screen.cell(x: x, y: y)?.style.modifiers.contains(.dim) == true)
        }
        await harness.app.wait(.seconds(10))
        await harness.store.setControls(StoreControls())  // no latency: the test reads the store itself
        #expect(try await harness.store.allTransactions().map(\.unsafePayloadValue.productID) == [BackyardBirds.sunflower])
    }

    @Test("A layout product the catalog lacks keeps its row, named by the layout, with a warning; the shop still works")
    func unavailableProduct() async throws {
        let harness = try await AppHarness.make()
        await press(Self.openBirdFood, harness)
        let row = await harness.text.split(separator: "\n").first { $0.contains("Nyjer Seed") } ?? ""
        #expect(row.contains("⚠") && row.contains("Unavailable") && !row.contains("Buy"), "\(row)")
        #expect(!(await harness.shows("not available in this storefront")), "no footer summary")
        await harness.app.press(.end, .enter)  // Nyjer Seed: nothing to buy
        #expect(!(await harness.shows("Confirm Purchase")))
        await harness.app.press(.up, .enter)
        #expect(await harness.shows("Dried Mealworms"))
        #expect(await harness.shows("Confirm Purchase"))
    }

    @Test("An unverified transaction is marked ⚠ in the history")
    func unverified() async throws {
        var controls = StoreControls()
        controls.failures[.verification] = StoreAPI.verification.defaultError
        let harness = try await AppHarness.make(controls: controls)
        await press(Self.openBirdFood, harness)
        await harness.app.press(.enter, .char("y"))
        #expect(await harness.shows("Purchase not verified"))
        await harness.app.press(.enter, .esc)
        await press(Self.openPurchases, harness)
        #expect(await harness.shows("⚠ 01/01/2026, 12:00 AM  Sunflower Hearts"))
        #expect(await harness.shows("unverified"))
    }

    @Test("/ filters a shop by what you type; Esc brings every row back")
    func filter() async throws {
        let harness = try await AppHarness.make()
        await press(Self.openBirdFood, harness)
        await harness.app.press(.char("/"))
        await harness.app.type("suet")
        let filtered = await harness.text
        #expect(filtered.contains("Suet Cake"))
        #expect(!filtered.contains("Sunflower Hearts"))
        #expect(filtered.contains("/suet"))
        await harness.app.press(.esc)
        #expect(await harness.shows("Sunflower Hearts"))
    }

    @Test("/ in Your Purchases follows every list's rule: each word starts a word of the row, in any order")
    func purchasesFilterByWords() async throws {
        let harness = try await AppHarness.make()
        await press(Self.openBirdFood, harness)
        await harness.app.press(.enter, .char("y"), .enter, .esc)  // Sunflower Hearts
        await press(Self.openPurchases, harness)
        await harness.app.press(.char("/"))
        await harness.app.type("hearts sun")
        let words = await harness.text
        #expect(words.contains("12:00 AM  Sunflower Hearts"), "\(words)")
        await harness.app.press(.esc, .char("/"))
        await harness.app.type("flower")  // inside a word: no row
        let none = await harness.text
        #expect(none.contains("No purchases match"), "\(none)")
        #expect(!none.contains("12:00 AM  Sunflower Hearts"))
    }

    @Test("? shows every key of the screen; Esc hides it")
    func help() async throws {
        let harness = try await AppHarness.make()
        await press(Self.openPass, harness)
        await harness.app.press(.char("?"))
        let screen = await harness.text
        #expect(screen.contains("Keys"))
        #expect(screen.contains("← →"))
        #expect(screen.contains("subscribe"))
        await harness.app.press(.esc)
        #expect(!(await harness.shows("Keys")))
    }

    @Test("q quits")
    func quit() async throws {
        let harness = try await AppHarness.make()
        await harness.app.press(.char("q"))
        #expect(await harness.app.app.isFinished)
    }

    /// Records what the purchase actions saw.
    actor Recorder {
        var events: [String] = []
        func record(_ event: String) { events.append(event) }
    }

    @Test("The app's purchase actions run: start before the sheet, then the completion instead of the default")
    func purchaseActions() async throws {
        let recorder = Recorder()
        let actions = PurchaseActions()
            .onInAppPurchaseStart { product in await recorder.record("start \(product.id)") }
            .onInAppPurchaseCompletion { product, result in
                if case .failure = result { await recorder.record("failed \(product.id)") }
            }
        var controls = StoreControls()
        controls.failures[.purchase] = StoreAPI.purchase.defaultError
        let harness = try await AppHarness.make(controls: controls, options: AppOptions(purchaseActions: actions))
        await press(Self.openBirdFood, harness)
        await harness.app.press(.enter)
        #expect(await recorder.events == ["start \(BackyardBirds.sunflower)"])
        #expect(await harness.shows("Confirm Purchase"))
        await harness.app.press(.char("y"))
        #expect(await recorder.events == ["start \(BackyardBirds.sunflower)", "failed \(BackyardBirds.sunflower)"])
        #expect(!(await harness.shows("Purchase failed")))  // the completion action took the error over
    }

    @Test("A StoreView composed in Swift replaces its layout shop: its style, buttons and actions are the ones shown and run")
    func composedShop() async throws {
        let recorder = Recorder()
        let gear = StoreView(ids: [BackyardBirds.copperFeeder, BackyardBirds.fieldGuide], order: .priceAscending)
            .productViewStyle(.compact)
            .onInAppPurchaseStart { product in await recorder.record("start \(product.id)") }
        let harness = try await AppHarness.make(options: AppOptions(shopViews: ["gear": .store(gear)]))
        await press([.down, .down, .enter], harness)  // Feeders & Gear
        let shop = await harness.text
        #expect(shop.contains("Copper Tube Feeder"))
        #expect(!shop.contains("A second feeder that hangs"), "compact rows have no description:\n\(shop)")
        #expect(!shop.contains("Restore Purchases"), "the layout's restore button is the layout view's, not this one's")
        await harness.app.press(.enter, .char("y"))
        #expect(await recorder.events == ["start \(BackyardBirds.copperFeeder)"])
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == [BackyardBirds.copperFeeder])
    }
}

/// Paid to freemium: a customer who first got the app before a named entitlement became a
/// purchase has it, and is never asked to pay for it.
@Suite("Grandfathered customers")
struct GrandfatheredTests {
    static let openGear: [Key] = [.down, .down, .enter]

    @Test("First installed at 1.0: the field guide says Included, Enter explains instead of selling it")
    func includedNotSold() async throws {
        var controls = StoreControls()
        controls.originalAppVersion = "1.0"
        let harness = try await AppHarness.make(controls: controls)
        for key in Self.openGear { await harness.app.press(key) }
        let row = await harness.text.split(separator: "\n").first { $0.contains("Songbird Field Guide") } ?? ""
        #expect(row.contains("Included"), "\(row)")
        #expect(!row.contains("$9.99"), "\(row)")
        await harness.app.press(.end, .enter)
        #expect(!(await harness.shows("Confirm Purchase")))
        #expect(await harness.shows("at version 1.0, before it became a purchase"))
        #expect(try await harness.store.allTransactions().isEmpty)
        await harness.app.press(.enter, .esc, .end, .enter)  // Your Purchases
        #expect(await harness.shows("Songbird Field Guide"))
        #expect(await harness.shows("included: first got 1.0"))
    }

    @Test("First installed at today's 2.0: the field guide is for sale")
    func newCustomerPays() async throws {
        let harness = try await AppHarness.make()
        for key in Self.openGear { await harness.app.press(key) }
        let row = await harness.text.split(separator: "\n").first { $0.contains("Songbird Field Guide") } ?? ""
        #expect(row.contains("$9.99"), "\(row)")
    }
}
