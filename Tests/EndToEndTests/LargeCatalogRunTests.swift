import Foundation
import StorefrontTestSupport
import Testing

/// `storefront run` builds a large catalog's products beside its first frames: a product
/// that cannot be built still ends the run with the message and the exit code loading the
/// catalog whole gives, the terminal restored.
@Suite("storefront run on a large catalog")
struct LargeCatalogRunTests {
    /// Without a layout the store list (every product by type) waits for the whole build
    /// before the first frame; with one naming the first product, the first frame comes
    /// first and the failure ends the app after it.
    @Test(arguments: [false, true])
    func aBadProductNearTheEndEndsTheRunWithTheLoadersMessage(withLayout: Bool) async throws {
        let scratch = try TemporaryDirectory()
        let file = scratch.url.appendingPathComponent("Big.storekit")
        // 20,005 products: built in the background.
        let generated = try await StorefrontCommand.run(["catalog", "--generate", "20005"])
        #expect(generated.status == 0)
        // The last consumable's ID (the generator's products 1 to 4 of each ten are consumables).
        let bad = generated.stdout.replacingOccurrences(of: "\"com.example.generated.consumable.20004\"", with: "7")
        #expect(bad != generated.stdout)
        try Data(bad.utf8).write(to: file)
        let loading = try await StorefrontCommand.run(["catalog", file.path])
        #expect(loading.status == 65)
        let message = try #require(loading.stderr.split(separator: "\n").first.map(String.init))
        #expect(message.contains("productID: expected a string, found a number"), "\(message)")

        let layout = scratch.url.appendingPathComponent("First.json")
        try Data(#"{"title": "Big", "shops": [{"title": "First", "kind": "store", "productIDs": ["com.example.generated.consumable.1"]}]}"#.utf8)
            .write(to: layout)
        let options = ["--catalog", file.path] + (withLayout ? ["--layout", layout.path] : [])
        let run = try await WitnessedRun(try TerminalRunTests.runWords(options))
        let outcome = try await run.outcome()
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        TerminalHygieneTests.expectRestored(outcome)
    }
}
