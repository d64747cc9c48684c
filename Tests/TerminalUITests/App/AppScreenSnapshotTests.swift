import CatalogLayouts
import TerminalScripting
import TerminalUI
import Testing

/// Every screen of the app at 80x24, 40x12 and 120x40, over the local store with the
/// Backyard Birds catalog and layout: the text, then the style runs.
@Suite("App screens")
struct AppScreenSnapshotTests {
    /// Each screen and the keys that reach it from the start.
    static let screens: [(name: String, keys: String)] = [
        ("storeList", ""),
        ("productList", "down enter"),
        ("productRegular", "down down enter"),
        ("picker", "enter"),
        ("sheet", "enter down down down down enter"),
        ("purchases", "down enter enter y enter esc up enter down down down down enter y enter esc end enter"),
        ("help", "down enter ?"),
        ("filter", "down enter / s u"),
        ("alert", "down enter enter y"),
    ]

    @Test("Each screen at each size", arguments: screens, screenSizes)
    func screen(_ screen: (name: String, keys: String), size: (Int, Int)) async throws {
        let harness = try await AppHarness.make(width: size.0, height: size.1)
        await harness.app.run(try KeyScript(screen.keys))
        let frame = await harness.app.render()
        assertScreen(frame, named: "\(screen.name)-\(size.0)x\(size.1)")
        #expect(frame.textLines().count == size.1)
        #expect(frame.textLines().allSatisfy { displayWidth(of: $0) == size.0 })
    }

    @Test("Below 30x8 the app asks for a bigger terminal, and comes back when it gets one")
    func tooSmall() async throws {
        let harness = try await AppHarness.make(width: 29, height: 7)
        assertScreen(await harness.app.render(), named: "29x7")
        #expect(await harness.shows("Terminal too small"))
        await harness.app.resize(width: 30, height: 8)
        #expect(await harness.shows("Bird Food"))
        #expect(!(await harness.shows("Terminal too small")))
    }

    @Test("With --ascii every screen is plain ASCII (the catalog's names are)", arguments: screens)
    func ascii(_ screen: (name: String, keys: String)) async throws {
        let catalog = try BackyardBirds.catalog()
        let options = AppOptions(render: RenderOptions(ascii: true), policies: PolicyLinks(catalog.appPolicies, locale: "en_US"))
        let harness = try await AppHarness.make(options: options)
        await harness.app.run(try KeyScript(screen.keys + " / x"))
        let text = await harness.text
        let others = String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.isASCII }))
        #expect(others.isEmpty, "non-ASCII on \(screen.name): \(others)")
    }
}
