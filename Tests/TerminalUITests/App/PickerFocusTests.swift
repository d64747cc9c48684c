import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// Focus in the subscription picker: ← → in the button row, and where it goes when a
/// sheet closes; the Redeem Code field drawn so it shows without colour.
@Suite("Focus in the picker")
struct PickerFocusTests {
    static func selectedPlan(_ harness: AppHarness) async -> Product.ID? {
        let state = await harness.app.state
        guard let shop = state.currentShop, let content = state.pickerContent(for: shop) else { return nil }
        return content.selection(for: state.pickers[shop.id] ?? SubscriptionStoreState())
    }

    static func focus(_ harness: AppHarness) async -> StoreFocus? {
        let state = await harness.app.state
        return state.currentShop.flatMap { state.pickers[$0.id]?.focus }
    }

    @Test("In the button row ← and → move between the buttons and leave the plan alone")
    func arrowsInButtonRow() async throws {
        let harness = try await AppHarness.make()
        await harness.app.press(.enter, .tab)  // Restore Purchases
        let plan = await Self.selectedPlan(harness)
        await harness.app.press(.right)
        #expect(await Self.focus(harness) == .button(.redeemCode))
        #expect(await Self.selectedPlan(harness) == plan)
        await harness.app.press(.right, .right, .right)
        #expect(await Self.focus(harness) == .button(.privacyPolicy))
        await harness.app.press(.left)
        #expect(await Self.focus(harness) == .button(.termsOfService))
        #expect(await Self.selectedPlan(harness) == plan)
        let bar = String(await harness.text.split(separator: "\n").last ?? "")
        #expect(bar.contains("←/→ button"), "\(bar)")
        await harness.app.press(.left, .enter)  // Redeem Code
        #expect(await harness.shows("Enter the offer code you received."))
    }

    @Test("Closing a sheet puts the focus back on the plans: Tab Tab Enter opens Redeem Code again")
    func focusAfterSheet() async throws {
        let harness = try await AppHarness.make()
        for key in StoreButtonActionTests.openRedeemSheet { await harness.app.press(key) }
        await harness.app.press(.esc)
        #expect(await Self.focus(harness) == .list)
        await harness.app.press(.tab, .tab, .enter)
        #expect(await harness.shows("Enter the offer code you received."))
        await harness.app.type("BIRDWATCHER")
        await harness.app.press(.enter)
        #expect(await harness.shows("Code redeemed"))
        await harness.app.press(.enter)  // OK
        #expect(await Self.focus(harness) == .list)
    }

    @Test("The Redeem Code field has a label and brackets, and the cursor after the code", arguments: screenSizes.filter { $0.0 <= 80 })
    func redeemField(_ size: (Int, Int)) async throws {
        var options = AppOptions()
        options.render.color = false
        let harness = try await AppHarness.make(width: size.0, height: size.1, options: options)
        for key in StoreButtonActionTests.openRedeemSheet { await harness.app.press(key) }
        await harness.app.type("BIRD")
        let frame = await harness.app.frame()
        let row = try #require(frame.buffer.textLines().first { $0.contains("Code [BIRD") })
        #expect(row.contains("]"), "\(row)")
        let cursor = try #require(frame.cursor)
        #expect(frame.buffer.cell(x: cursor.x - 1, y: cursor.y)?.symbol == "D")
        #expect(frame.buffer.cell(x: cursor.x, y: cursor.y)?.style.modifiers.contains(.reverse) == true)
        assertScreen(frame.buffer, named: "redeem-\(size.0)x\(size.1)")
    }
}
