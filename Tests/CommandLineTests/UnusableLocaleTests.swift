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

    @Test("Locales, and LC_ variables that name no category (iTerm2's LC_TERMINAL), pass without a warning")
    func usableLocalesPass() async throws {
        let data = try TemporaryDirectory()
        let environment: [String: String?] = [
            "LANG": "ja_JP.UTF-8", "LC_ALL": nil, "LC_MESSAGES": "zh_Hans_CN.UTF-8", "LC_TIME": "C.UTF-8",
            "LC_TERMINAL": "iTerm2", "LC_TERMINAL_VERSION": "3.5.4", "XDG_DATA_HOME": data.url.path,
        ]
        let snapshot = try await StorefrontCommand.run(["snapshot", "--catalog", "tipjar"], environment: environment)
        #expect(snapshot.status == 0)
        #expect(snapshot.stderr.isEmpty, "\(snapshot.stderr)")
    }
}
