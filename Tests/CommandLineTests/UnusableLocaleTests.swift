import Foundation
import StorefrontTestSupport
import Testing

/// A `LANG` that is not a locale (ICU crashed on `abcdefghijkl`, exit 139): every command
/// runs in English with one warning.
@Suite("storefront with a LANG that is not a locale (real processes)")
struct UnusableLocaleTests {
    static let notALocale = "abcdefghijkl"
    static let warning = "storefront: LANG=\"abcdefghijkl\" is not a locale such as ja_JP.UTF-8; using English (en_US.UTF-8) instead"

    private func storefront(_ arguments: [String], data: URL) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(
            arguments, environment: ["LANG": Self.notALocale, "LC_ALL": nil, "LC_MESSAGES": nil, "XDG_DATA_HOME": data.path, "TERM": nil]
        )
    }

    @Test("snapshot and buy run in English, with one warning on stderr")
    func snapshotAndBuy() async throws {
        let data = try TemporaryDirectory()
        let snapshot = try await storefront(["snapshot", "--catalog", "tipjar"], data: data.url)
        #expect(snapshot.status == 0, "status \(snapshot.status as Any), signal \(snapshot.signal as Any): \(snapshot.stderr)")
        #expect(snapshot.stderrLines == [Self.warning])
        #expect(snapshot.stdout.contains("Consumables"), "\(snapshot.stdout)")

        let bought = try await storefront(["buy", "com.example.tipjar.nib.extrafine", "--catalog", "tipjar"], data: data.url)
        #expect(bought.status == 0, "status \(bought.status as Any), signal \(bought.signal as Any): \(bought.stderr)")
        #expect(bought.stderrLines == [Self.warning])
        #expect(bought.stdout.contains("£"), "the price, in the storefront's own format: \(bought.stdout)")
    }
}
