import Foundation
import LocalStore
import StorefrontModel
@testable import TerminalScripting
import Testing
@testable import TerminalUI

/// Every screen in a pseudo-language that wraps each string of the table in ⟦ ⟧: any word
/// outside the marks that is not the catalog's own data is a literal that skipped the table.
@Suite("No interface text outside the table")
struct PseudoLanguageTests {
    /// A screen, the keys that reach it, and the store's settings for it.
    struct Screen: CustomTestStringConvertible, Sendable {
        let name: String
        let keys: String
        var controls = StoreControls()
        var testDescription: String { name }
    }

    static let screens = AppScreenSnapshotTests.screens.map { Screen(name: $0.name, keys: $0.keys) } + [
        Screen(name: "productLarge", keys: "down down down enter"),
        Screen(name: "purchaseFailed", keys: "down enter enter y", controls: failing(.purchase)),
        Screen(name: "askToBuy", keys: "down enter enter y", controls: askToBuy),
        Screen(name: "storeFailed", keys: "down enter", controls: failing(.loadProducts)),
        Screen(name: "pickerWaiting", keys: "enter down enter y", controls: askToBuy),
        Screen(name: "tooSmall", keys: "resize:29x7"),
    ]

    static func failing(_ api: StoreAPI) -> StoreControls {
        var controls = StoreControls()
        controls.failures[api] = api.defaultError
        return controls
    }

    static var askToBuy: StoreControls {
        var controls = StoreControls()
        controls.askToBuy = true
        return controls
    }

    @Test("Every screen's words come from the table", arguments: screens, [(80, 24), (40, 12)])
    func screen(_ screen: Screen, size: (Int, Int)) async throws {
        let options = AppOptions(render: RenderOptions(language: .pseudo()))
        let harness = try await AppHarness.make(width: size.0, height: size.1, controls: screen.controls, options: options)
        await harness.app.run(try KeyScript(screen.keys))
        let text = await harness.text
        let stray = try await Self.wordsOutsideTheTable(in: text)
        #expect(stray.isEmpty, "\(screen.name) at \(size.0)x\(size.1) shows \(stray) outside the table:\n\(text)")
    }

    /// Words outside ⟦ ⟧ that are neither the catalog's data (names, descriptions, the
    /// layout's titles; perhaps cut short with …), nor what the locale's date format writes
    /// (a history row's "12:00 AM"), nor a one-letter key.
    static func wordsOutsideTheTable(in text: String) async throws -> [String] {
        var outside = ""
        var depth = 0
        for character in text {
            switch character {
            case "⟦": depth += 1
            case "⟧": depth = max(0, depth - 1)
            default: if depth == 0 { outside.append(character) }
            }
        }
        var english = Calendar(identifier: .gregorian)
        english.locale = Locale(identifier: "en_US")
        let data = try await catalogWords() + [english.amSymbol, english.pmSymbol]
        let words = outside.split { !$0.isLetter }.map(String.init)
        return words.filter { word in word.count > 1 && !data.contains { $0.hasPrefix(word) } }
    }

    /// The words of the catalog's products and the layout, read from a store that fails nothing.
    static func catalogWords() async throws -> [String] {
        let layout = try BackyardBirds.layout()
        let ids = layout.shops.flatMap(\.productIDs)
        let store = LocalStore(catalog: try BackyardBirds.catalog(), ledger: try Ledger(location: .inMemory))
        let products = try await store.products(for: ids)
        let placeholders = layout.shops.flatMap { shop in shop.productIDs.compactMap { shop.titles[$0] } }
        let texts = products.flatMap { [$0.displayName, $0.description] } + placeholders + layout.shops.map(\.title) + [layout.title] + ids
        return texts.flatMap { $0.split { !$0.isLetter }.map(String.init) }
    }
}
