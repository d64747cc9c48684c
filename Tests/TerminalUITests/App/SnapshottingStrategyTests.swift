import Foundation
import SnapshotTesting
import StoreCatalog
import StorefrontTestSupport
import StorefrontTesting
import TerminalUI
import Testing

/// StorefrontTesting's strategies as a shop's own tests use them: record, match, and fail
/// with a diff a person can read when the catalog changes.
@Suite("StorefrontTesting strategies")
struct SnapshottingStrategyTests {
    /// The Backyard Birds product list, with the first price of the catalog file replaced.
    static func productList(price: String = "0.99") async throws -> HeadlessApp {
        let folder = try TemporaryDirectory()
        let original = try String(contentsOf: BackyardBirds.catalogURL, encoding: .utf8)
        let file = folder.url.appendingPathComponent("Birds.storekit")
        try original.replacingOccurrences(of: "\"displayPrice\" : \"0.99\"", with: "\"displayPrice\" : \"\(price)\"")
            .write(to: file, atomically: true, encoding: .utf8)
        let harness = try await AppHarness.make(catalog: CatalogLoader.load(contentsOf: file))
        await harness.app.press(.down, .enter)
        await harness.app.wait(.seconds(1))
        return harness.app
    }

    @Test("The product list matches its recordings: text, styled text and picture")
    func matchesRecordings() async throws {
        let app = try await Self.productList()
        await assertSnapshot(of: app, as: .screen, named: "birdFood-text")
        await assertSnapshot(of: app, as: .styledScreen, named: "birdFood-styled")
        await assertSnapshot(of: app, as: .svg(theme: .light, title: "Backyard Birds"), named: "birdFood")
    }

    @Test("Each strategy records the screen, then matches it", arguments: ["screen", "styledScreen", "svg"])
    func recordThenMatch(strategy name: String) async throws {
        let strategy: Snapshotting<Buffer, String> = switch name {
        case "screen": .screen
        case "styledScreen": .styledScreen
        default: .svg
        }
        let folder = try TemporaryDirectory()
        let screen = try await Self.productList().render()
        let recorded = verifySnapshot(of: screen, as: strategy, named: "list", record: .all, snapshotDirectory: folder.url.path)
        #expect(recorded?.contains("Record mode is on") == true)
        let again = try await Self.productList().render()
        #expect(verifySnapshot(of: again, as: strategy, named: "list", record: .never, snapshotDirectory: folder.url.path) == nil)

        let file = try #require(FileManager.default.contentsOfDirectory(atPath: folder.url.path).first)
        let saved = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
        switch name {
        case "screen": #expect(saved == screen.textLines().joined(separator: "\n"))
        case "styledScreen": #expect(saved.hasSuffix("---\n" + screen.styleRuns().joined(separator: "\n")))
        default: #expect(file.hasSuffix(".svg") && saved.contains(">$0.99</text>"))
        }
    }

    @Test("One character changed in the catalog fails with a diff of the row")
    func changedCatalogFails() async throws {
        let folder = try TemporaryDirectory()
        let original = try await Self.productList().render()
        _ = verifySnapshot(of: original, as: .screen, named: "list", record: .all, snapshotDirectory: folder.url.path)
        let changed = try await Self.productList(price: "0.98").render()
        let failure = try #require(verifySnapshot(of: changed, as: .screen, named: "list", record: .never, snapshotDirectory: folder.url.path))
        let lines = failure.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("−") && $0.contains("Sunflower Hearts") && $0.contains("$0.99") }, "\(failure)")
        #expect(lines.contains { $0.hasPrefix("+") && $0.contains("Sunflower Hearts") && $0.contains("$0.98") }, "\(failure)")
    }
}
