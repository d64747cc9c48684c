import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import Testing
import TerminalUI

/// The transaction manager in a running app (`storefront run --transaction-manager`): each
/// action goes through the store's controls, changes the ledger, and the shop's screens
/// show it; the manager's list and its one-line result follow.
@Suite("Transaction manager: each action changes the ledger and the shop")
struct TransactionManagerAppTests {
    /// Backyard Birds on an in-memory ledger where `bought` were bought first, opened with
    /// the manager on, in `language`, and its screen open (T).
    static func manager(
        buying bought: [Product.ID], controls: StoreControls = StoreControls(), language: String = "en",
        width: Int = 80, height: Int = 24
    ) async throws -> AppHarness {
        let catalog = try BackyardBirds.catalog()
        let clock = VirtualClock()
        let store = LocalStore(
            catalog: catalog, ledger: try Ledger(location: .inMemory),
            clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch), controls: controls
        )
        for id in bought {
            let product = try #require(try await store.products(for: [id]).first)
            // Finished, as the app that bought it would have: nothing is delivered again at launch.
            if case .success(.verified(let transaction)) = try await store.purchase(product, options: []) {
                try await store.finish(transaction)
            }
        }
        var options = AppOptions(render: RenderOptions(language: InterfaceLanguage(matching: language)))
        options.transactionManager = store
        options.policies = PolicyLinks(catalog.appPolicies, locale: "en_US")
        let app = await HeadlessApp(
            size: TerminalSize(width: width, height: height), backend: store, layout: try BackyardBirds.layout(),
            options: options, clock: clock, onSettleTimeout: SettleTimeout.recordIssue
        )
        await app.press(.char("T"))
        return AppHarness(app: app, store: store, clock: clock)
    }

    /// The manager's line naming `text`.
    static func row(_ text: String, in harness: AppHarness) async -> String? {
        await harness.app.screenText.split(separator: "\n").map(String.init).first { $0.contains(text) }
    }

    @Test("Refund requested, then granted: the row says refunded, the entitlement is gone from Your Purchases")
    func refundAndGrant() async throws {
        let harness = try await Self.manager(buying: [BackyardBirds.fieldGuide])
        #expect(await harness.shows("Transactions"))
        #expect(await Self.row("Songbird Field Guide", in: harness)?.contains("purchased") == true)
        await harness.app.press(.enter)                   // the row's actions
        #expect(await harness.shows("Request a refund"))
        await harness.app.press(.enter, .enter)           // Request a refund, UNINTENDED_PURCHASE
        #expect(await harness.shows("✓ Request a refund #1 (UNINTENDED_PURCHASE)"))
        #expect(await Self.row("Songbird Field Guide", in: harness)?.contains("refund requested") == true)
        await harness.app.press(.enter, .enter, .enter)   // Decide the refund, Grant
        #expect(await harness.shows("✓ Grant #1 (REFUND_FULL)"))
        #expect(await Self.row("Songbird Field Guide", in: harness)?.contains("refunded") == true)
        let owned = try await harness.store.currentEntitlements()
        #expect(!owned.purchasedProductIDs.contains(BackyardBirds.fieldGuide))

        await harness.app.press(.esc, .end, .enter)       // back to the store list; Your Purchases
        #expect(await harness.shows("refunded"))
        #expect(!(await harness.shows("Transactions")))

        // And reversed: the entitlement is back.
        await harness.app.press(.char("T"), .enter, .enter)
        #expect(await harness.shows("✓ Reverse the refund #1 (REFUND_REVERSED)"))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.contains(BackyardBirds.fieldGuide))
    }

    @Test("An action's result line shows with the rows it changed; until then no other action starts")
    func resultShowsWithTheRowsItChanged() throws {
        var options = AppOptions()
        options.transactionManager = LocalStore(catalog: try BackyardBirds.catalog(), ledger: try Ledger(location: .inMemory))
        var state = AppState(layout: try BackyardBirds.layout(), size: TerminalSize(width: 80, height: 24), options: options)
        state.update(.key(.char("T")))
        let requested = TransactionManagerModelTests.item(.transaction, .nonConsumable, states: [.purchased, .refundRequested])
        state.update(.managedItemsLoaded(.success([requested])))
        var effects: [AppEffect] = []
        for _ in 0..<3 { effects = state.update(.key(.enter)) }   // the row, Decide the refund, Grant
        #expect(effects == [.manage(.grantRefund, requested)])

        effects = state.update(.managerActionFinished(.grantRefund, requested, .success("REFUND_FULL")))
        #expect(effects.contains(.loadManagedItems))
        #expect(state.transactionManager?.result == nil)
        #expect(state.transactionManager?.isBusy == true)
        #expect(state.update(.key(.enter)).isEmpty)   // the row still says "refund requested": no action on it

        var refunded = requested
        refunded.states = [.purchased, .refunded]
        state.update(.managedItemsLoaded(.success([refunded])))
        #expect(state.transactionManager?.result?.text == "✓ Grant #3 (REFUND_FULL)")
        #expect(state.transactionManager?.isBusy == false)
        #expect(state.transactionManager?.selectedItem?.states == [.purchased, .refunded])
    }

    @Test("T opens the manager from Your Purchases with a purchase selected that the customer may ask a refund of")
    func openFromARefundablePurchase() async throws {
        let harness = try await Self.manager(buying: [BackyardBirds.fieldGuide])
        await harness.app.press(.esc, .end, .enter)       // the store list; Your Purchases
        await harness.app.press(.end)                     // the purchase, which f would ask a refund of
        #expect(await harness.shows("f refund"))
        #expect(await harness.shows("T transactions"))
        await harness.app.press(.char("T"))
        #expect(await harness.shows("Transactions"))
        #expect(await Self.row("Songbird Field Guide", in: harness)?.contains("purchased") == true)
    }

    @Test("A prorated refund takes a percentage typed in; a bad one is refused in the sheet")
    func proratedRefund() async throws {
        let harness = try await Self.manager(buying: [BackyardBirds.fieldGuide])
        await harness.app.press(.enter, .enter, .enter)                  // refund requested
        await harness.app.press(.enter, .enter, .down, .enter)           // Decide, Grant prorated
        #expect(await harness.shows("Percentage refunded (1-99.999)"))
        await harness.app.press(.char("1"), .char("2"), .char("0"), .enter)
        #expect(await harness.shows("Not a percentage from 1 to 99.999"))
        await harness.app.press(.backspace, .enter)
        #expect(await harness.shows("✓ Grant prorated #1 (REFUND_PRORATED 12%)"))
        let refunded = try #require(try await harness.store.allTransactions().first?.verifiedValue)
        #expect(refunded.revocationType == .proratedRefund)
    }

    @Test("Ask to Buy approved from the manager: the product is purchased")
    func approveAskToBuy() async throws {
        var controls = StoreControls()
        controls.askToBuy = true
        let harness = try await Self.manager(buying: [BackyardBirds.copperFeeder], controls: controls)
        #expect(await Self.row("#1", in: harness)?.contains("ask to buy") == true)
        await harness.app.press(.enter)
        #expect(await harness.shows("Approve"))
        await harness.app.press(.enter)
        #expect(await harness.shows("✓ Approve #1"))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.contains(BackyardBirds.copperFeeder))
        #expect(await Self.row("Copper", in: harness)?.contains("purchased") == true)
        #expect(!(await harness.shows("ask to buy")))
    }

    @Test("Ask to Buy declined: nothing is bought and the request is gone")
    func declineAskToBuy() async throws {
        var controls = StoreControls()
        controls.askToBuy = true
        let harness = try await Self.manager(buying: [BackyardBirds.copperFeeder], controls: controls)
        await harness.app.press(.enter, .down, .enter)
        #expect(await harness.shows("✓ Decline #1"))
        #expect(try await harness.store.pendingRequests().isEmpty)
        #expect(await harness.shows("No transactions."))
    }

    @Test("An interrupted purchase resolved: the product is purchased")
    func resolveInterrupted() async throws {
        var controls = StoreControls()
        controls.interruptedPurchases = true
        let harness = try await Self.manager(buying: [BackyardBirds.fieldGuide], controls: controls)
        #expect(await Self.row("#1", in: harness)?.contains("interrupted purchase") == true)
        await harness.app.press(.enter, .enter)
        #expect(await harness.shows("✓ Resolve #1"))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.contains(BackyardBirds.fieldGuide))
    }

    @Test("Renew now records a renewal; failing the next one puts it in billing retry; recovery renews it")
    func renewFailRecover() async throws {
        var controls = StoreControls()
        controls.billingGracePeriod = false
        let harness = try await Self.manager(buying: [BackyardBirds.sanctuaryMonthly], controls: controls)
        await harness.app.press(.enter, .down, .enter)                   // Renew now
        #expect(await harness.shows("✓ Renew now #1"))
        #expect(try await harness.store.allTransactions().count == 2)
        #expect(await Self.row("#2", in: harness)?.contains("renewed") == true)

        await harness.app.press(.home, .enter, .down, .down, .enter)     // the renewal: Fail the next renewal
        #expect(await harness.shows("✓ Fail the next renewal #2"))
        #expect(await Self.row("#2", in: harness)?.contains("in billing retry") == true)
        #expect(!(try await harness.store.currentEntitlements().purchasedProductIDs.contains(BackyardBirds.sanctuaryMonthly)))

        await harness.app.press(.enter, .down, .enter)                   // Recover billing
        #expect(await harness.shows("✓ Recover billing #2"))
        #expect(try await harness.store.allTransactions().count == 3)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.contains(BackyardBirds.sanctuaryMonthly))
    }

    @Test("Expire ends the subscription now: the row says expired, the plan is no longer the customer's")
    func expire() async throws {
        let harness = try await Self.manager(buying: [BackyardBirds.sanctuaryMonthly])
        await harness.app.press(.enter, .down, .down, .down, .enter)     // Expire
        #expect(await harness.shows("✓ Expire #1"))
        #expect(await Self.row("#1", in: harness)?.contains("expired") == true)
        #expect(!(try await harness.store.currentEntitlements().purchasedProductIDs.contains(BackyardBirds.sanctuaryMonthly)))
    }

    @Test("Raise the price with consent: the row waits for consent; a price not above the current one is the store's error")
    func raisePrice() async throws {
        let harness = try await Self.manager(buying: [BackyardBirds.sanctuaryMonthly])
        await harness.app.press(.enter, .down, .down, .down, .down, .enter)  // Raise the price
        #expect(await harness.shows("New price"))
        await harness.app.press(.char("0"), .char("."), .char("5"), .enter, .enter)
        #expect(await harness.shows("⚠ Raise the price #1: "))
        let refused = await harness.app.screenText
        #expect(refused.contains("is not above"), "\(refused)")
        await harness.app.press(.enter, .down, .down, .down, .down, .enter)
        await harness.app.press(.char("9"), .char("9"), .enter, .enter)  // Ask for consent
        #expect(await harness.shows("✓ Raise the price #1 (99 pending)"))
        #expect(await Self.row("#1", in: harness)?.contains("price consent pending") == true)
    }

    @Test("Extend the renewal date by days, for a reason: the new date is the result")
    func extend() async throws {
        let harness = try await Self.manager(buying: [BackyardBirds.sanctuaryMonthly])
        await harness.app.press(.enter, .end, .enter)                    // Extend the renewal date
        #expect(await harness.shows("Days (1-90)"))
        await harness.app.press(.char("3"), .char("0"), .enter, .down, .down, .down, .enter)  // Service issue or outage
        #expect(await harness.shows("✓ Extend the renewal date #1 (2026-03-03T"))
        await harness.app.press(.esc, .end, .enter)                      // Your Purchases
        #expect(await harness.shows("renews Mar 3, 2026"))
    }

    @Test("Esc closes the sheet, then goes back to the screen the manager was opened from")
    func escapeGoesBack() async throws {
        let harness = try await Self.manager(buying: [BackyardBirds.fieldGuide])
        await harness.app.press(.enter)
        #expect(await harness.shows("Request a refund"))
        await harness.app.press(.esc)
        #expect(!(await harness.shows("Request a refund")))
        #expect(await harness.shows("Transactions"))
        await harness.app.press(.char("q"))
        #expect(await harness.shows("Your Purchases"))
        #expect(!(await harness.shows("Transactions")))
    }

    @Test("Without the manager (a customer's session), T does nothing and the help bar has no T")
    func noManager() async throws {
        let harness = try await AppHarness.make()
        #expect(!(await harness.shows("T transactions")))
        await harness.app.press(.char("T"))
        #expect(!(await harness.shows("Transactions")))
        #expect(await harness.shows("Your Purchases"))
        let manager = try await Self.manager(buying: [])
        await manager.app.press(.esc)
        #expect(await manager.shows("T transactions"))
    }

    @Test("Snapshots: the list and a menu at 80x24 and 40x12, in English and German", arguments: ["en", "de"])
    func snapshots(language: String) async throws {
        for (width, height) in [(80, 24), (40, 12)] {
            let harness = try await Self.manager(
                buying: [BackyardBirds.sanctuaryMonthly, BackyardBirds.fieldGuide], language: language, width: width, height: height
            )
            assertScreen(await harness.app.render(), named: "manager-\(language)-\(width)x\(height)")
            await harness.app.press(.down, .enter)
            assertScreen(await harness.app.render(), named: "manager-menu-\(language)-\(width)x\(height)")
        }
    }

    @Test("Too small a terminal says so on the manager too")
    func tooSmall() async throws {
        let harness = try await Self.manager(buying: [BackyardBirds.fieldGuide], width: 20, height: 6)
        let text = await harness.app.screenText
        #expect(text.contains("Terminal too small"), "\(text)")
        #expect(!text.contains("Transactions"))
        await harness.app.resize(width: 40, height: 12)
        #expect(await harness.shows("Transactions"))
    }
}
