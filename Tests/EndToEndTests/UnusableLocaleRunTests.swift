import Foundation
import StorefrontTestSupport
import Testing

/// `storefront run` with a `LANG` that is not a locale, typed locally or sent by an SSH
/// customer (`SendEnv=LANG`): the shop opens in English instead of crashing in ICU.
@Suite("storefront run with a LANG that is not a locale (tmux, OpenSSH)")
struct UnusableLocaleRunTests {
    static let notALocale = "LANG=abcdefghijkl"

    @Test("In a terminal: the shop opens in English and a purchase completes")
    func locally() async throws {
        let binary = try StorefrontCommand.binary()
        let words = ["env", "-u", "LC_ALL", "-u", "LC_MESSAGES", Self.notALocale, binary, "run", "--in-memory", "--latency", "0", "--catalog", "tipjar"]
        let session = try await TmuxSession(width: 80, height: 24, command: shellCommand(words))
        _ = try await session.buyFirstTip()
    }

    @Test("Over SSH with SendEnv=LANG: the customer's session opens in English and buys")
    func overSSH() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(["--catalog", "tipjar", "--in-memory"], folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let ssh = try shop.ssh(key: key, options: ["-o", "SendEnv=LANG"])
        let session = try await TmuxSession(width: 80, height: 24, command: shellCommand(["env", "-u", "LC_ALL", Self.notALocale] + ssh))
        _ = try await session.buyFirstTip()
    }
}
