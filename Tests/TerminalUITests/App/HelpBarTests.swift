import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// The help bar says what Enter does now, or why it does nothing.
@Suite("What the help bar promises for Enter")
struct HelpBarTests {
    static func bar(_ harness: AppHarness) async -> String {
        String(await harness.text.split(separator: "\n").last ?? "")
    }

    @Test("While a purchase is with the store, Enter is not offered as buy, and the bar says why")
    func whilePurchasing() async throws {
        let harness = try await PurchaseInProgressTests.slowStore()
        #expect(await Self.bar(harness).contains("enter buy"))
        await harness.app.press(.enter, .char("y"), .down)
        let bar = await Self.bar(harness)
        #expect(!bar.contains("enter buy"), "\(bar)")
        #expect(bar.contains("enter (buying)"), "\(bar)")
    }

    @Test("On an Unavailable row Enter is not offered as buy, and the bar says why")
    func onUnavailableRow() async throws {
        let harness = try await AppHarness.make()
        await harness.app.press(.down, .enter, .end)  // Bird Food's last row: Nyjer Seed, not sold here
        #expect(await harness.shows("Unavailable"))
        let bar = await Self.bar(harness)
        #expect(!bar.contains("enter buy"), "\(bar)")
        #expect(bar.contains("enter (unavailable)"), "\(bar)")
        await harness.app.press(.up)
        #expect(await Self.bar(harness).contains("enter buy"))
    }
}
