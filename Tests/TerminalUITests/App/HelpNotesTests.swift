import Testing
import TerminalUI

/// What the help overlay says beyond the key table: Ctrl-C's question, and who has the
/// mouse. (Ctrl-C itself: PurchaseInProgressTests; in a real terminal: TerminalHygieneTests.)
@Suite("What ? says of Ctrl-C and the mouse")
struct HelpNotesTests {
    @Test("The help overlay says what Ctrl-C does, and that clicks are the app's until --no-mouse")
    func helpSaysSo() async throws {
        let harness = try await AppHarness.make(width: 80, height: 24)
        await harness.app.press(.char("?"))
        #expect(await harness.shows("Ctrl-C quits like q: while a purchase is with"))
        #expect(await harness.shows("Clicks select and press. To select text, hold"))

        var options = AppOptions()
        options.mouse = false
        let noMouse = try await AppHarness.make(width: 80, height: 24, options: options)
        await noMouse.app.press(.char("?"))
        #expect(await noMouse.shows("The mouse is left to the terminal (--no-mouse)."))
    }
}
