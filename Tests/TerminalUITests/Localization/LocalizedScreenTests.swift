import CatalogLayouts
import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport
import StorefrontTesting
import TerminalScripting
import Testing
import TerminalUI

/// The screens in the customer's language: Japanese and Simplified Chinese everywhere, at
/// 80x24 and 40x12; the picker in German and French. CJK text takes two columns a
/// character, so these also show nothing is split or pushed off its column.
@Suite("Screens in other languages")
struct LocalizedScreenTests {
    static let screens = PseudoLanguageTests.screens.filter { $0.name != "tooSmall" }

    static func options(_ locale: String) throws -> AppOptions {
        let catalog = try BackyardBirds.catalog()
        return AppOptions(
            render: RenderOptions(language: InterfaceLanguage(matching: locale)),
            policies: PolicyLinks(catalog.appPolicies, locale: locale)
        )
    }

    @Test("Every screen in Japanese and Simplified Chinese", arguments: ["ja", "zh-Hans"], screens)
    func cjk(locale: String, screen: PseudoLanguageTests.Screen) async throws {
        for size in [(80, 24), (40, 12)] {
            let harness = try await AppHarness.make(width: size.0, height: size.1, controls: screen.controls, options: try Self.options(locale))
            await harness.app.run(try KeyScript(screen.keys))
            let frame = await harness.app.render()
            assertScreen(frame, named: "\(locale)-\(screen.name)-\(size.0)x\(size.1)")
            #expect(frame.textLines().allSatisfy { displayWidth(of: $0) == size.0 })
        }
    }

    @Test("The picker with its offers in German and French", arguments: ["de", "fr"])
    func picker(locale: String) async throws {
        for size in [(80, 24), (40, 12)] {
            let harness = try await AppHarness.make(width: size.0, height: size.1, options: try Self.options(locale))
            await harness.app.run(try KeyScript("enter"))
            assertScreen(await harness.app.render(), named: "\(locale)-picker-\(size.0)x\(size.1)")
        }
    }

    @Test("A cheer bought in Japanese and in Chinese: names, prices and words in one language", arguments: ["ja", "zh_Hans"])
    func cheers(locale: String) async throws {
        let url = PackagePaths.catalog("Cheers")
        let catalog = try CatalogLoader.load(contentsOf: url)
        let clock = VirtualClock()
        let store = LocalStore(
            catalog: catalog, ledger: try Ledger(location: .inMemory),
            clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch), locale: locale
        )
        let language = InterfaceLanguage(matching: locale)
        let options = AppOptions(render: RenderOptions(language: language))
        let layout = StoreLayout(catalog: catalog, title: "Cheers", locale: locale, language: language)
        for size in [(80, 24), (40, 12)] {
            let app = await HeadlessApp(size: TerminalSize(width: size.0, height: size.1), backend: store, layout: layout, options: options, clock: clock,
                                        onSettleTimeout: SettleTimeout.recordIssue)
            for (name, keys) in [("list", "enter"), ("sheet", "down enter"), ("thanks", "y")] {
                await app.run(try KeyScript(keys))
                let frame = await app.render()
                assertScreen(frame, named: "\(locale)-\(name)-\(size.0)x\(size.1)")
                #expect(frame.textLines().allSatisfy { displayWidth(of: $0) == size.0 })
                let english = Self.latinWords(in: frame.textLines().joined(separator: "\n"))
                #expect(english.isEmpty, "\(locale) \(name) at \(size.0)x\(size.1) shows \(english)")
            }
        }
    }

    /// Words in Latin letters that are neither the catalog's title nor a key as its keycap
    /// names it: in a catalog localized throughout, English that slipped through.
    static func latinWords(in text: String) -> [String] {
        let allowed: Set = ["Cheers", "Enter", "Esc", "Tab", "Ctrl", "Shift", "Space", "Backspace", "PgUp", "PgDn", "Home", "End"]
        return text.split { !$0.isLetter }.map(String.init)
            .filter { word in word.count > 1 && word.allSatisfy { $0.isASCII } && !allowed.contains(word) }
    }
}
