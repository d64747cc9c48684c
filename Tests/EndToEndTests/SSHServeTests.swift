import Foundation
import StorefrontTestSupport
import Testing

/// `storefront serve --ssh` as customers meet it: the real OpenSSH client in tmux, each
/// key an account of its own. Every test starts its own server on 127.0.0.1 and stops it.
@Suite("storefront serve --ssh with OpenSSH")
struct SSHServeTests {
    static let tipJar = ["--catalog", "tipjar", "--latency", "0"]

    @Test func aCustomerBrowsesAndBuysAndAnotherKeySeesNoneOfIt() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(Self.tipJar, folder: scratch.url)
        let ada = try await shop.makeKey("ada")
        let bob = try await shop.makeKey("bob")

        let adaTerminal = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: ada)))
        try await adaTerminal.buyFirstTip()

        let bobTerminal = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: bob)))
        _ = try await bobTerminal.screen(showing: "Your Purchases")
        try await bobTerminal.press("down", "enter")
        let purchases = try await bobTerminal.screen(showing: "Nothing yet.")
        #expect(!purchases.joined().contains("Extra Fine Tip"), "Bob sees Ada's purchase:\n\(purchases.joined(separator: "\n"))")

        let adaBought = try await shop.exec(key: ada, "transactions", "--json")
        #expect(adaBought.status == 0, "\(adaBought.stderr)")
        #expect(try adaBought.array().map { $0["productID"] as? String } == ["com.example.tipjar.nib.extrafine"])
        let bobBought = try await shop.exec(key: bob, "transactions", "--json")
        #expect(try bobBought.array().isEmpty)
    }

    /// A customer's session of the Backyard Birds shop, on its picker; the shop is kept
    /// alive as long as the session.
    static func onThePicker(in scratch: TemporaryDirectory) async throws -> (SSHShop, TmuxSession) {
        let shop = try await SSHShop(["--latency", "0"], folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        _ = try await tmux.screen(showing: "Backyard Birds Pass")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "Meadow Monthly")
        return (shop, tmux)
    }

    @Test func theScreenFollowsTheClientsWindow() async throws {
        let scratch = try TemporaryDirectory()
        let (shop, tmux) = try await Self.onThePicker(in: scratch)
        defer { withExtendedLifetime(shop) {} }
        try await tmux.resize(width: 40, height: 12)
        let pane = try await tmux.screen(showing: "$9.99 / mo")  // the narrow picker abbreviates periods
        #expect(pane.count == 12)
        #expect(pane.allSatisfy { $0.count <= 40 })
    }

    /// Sign In names the customer's account (their key's fingerprint), never a file of the server.
    @Test func signInNamesTheAccountAlone() async throws {
        let scratch = try TemporaryDirectory()
        let (shop, tmux) = try await Self.onThePicker(in: scratch)
        defer { withExtendedLifetime(shop) {} }
        try await tmux.press("tab", "tab", "tab", "enter")  // Restore Purchases, Redeem Code, Sign In
        let pane = try await tmux.screen(showing: "Signed In").joined(separator: "\n")
        #expect(pane.contains("This storefront runs as account"), "\(pane)")
        #expect(pane.contains("SHA256:"), "\(pane)")
        for word in ["ledger", "sqlite", scratch.url.path] {
            #expect(!pane.contains(word), "\(word) on a customer's screen:\n\(pane)")
        }
    }

    @Test func theCustomersLanguageCrossesOver() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(Self.tipJar, folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let command = shellCommand(["env", "LANG=ja_JP.UTF-8"] + (try shop.ssh(key: key, options: ["-o", "SendEnv=LANG"])))
        let tmux = try await TmuxSession(width: 80, height: 24, command: command)
        _ = try await tmux.screen(showing: "購入済みの項目")  // Your Purchases
    }

    /// LANG sent over SSH picks the names' language as it does the words' (issue 26 item 6).
    @Test func productNamesCrossOverInTheCustomersLanguage() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(["--latency", "0"], folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let command = shellCommand(["env", "LANG=ja_JP.UTF-8"] + (try shop.ssh(key: key, options: ["-o", "SendEnv=LANG"])))
        let tmux = try await TmuxSession(width: 80, height: 24, command: command)
        _ = try await tmux.screen(showing: "購入済みの項目")
        try await tmux.press("down", "enter")
        let pane = try await tmux.screen(showing: "ひまわりの実")
        #expect(!pane.joined().contains("Sunflower Hearts"))
    }

    /// The session's pseudo-terminal carries the width question to the customer's terminal
    /// (tmux here) and its answer back (issue 26 item 9).
    @Test func emojiAreLaidOutAsTheCustomersTerminalDrawsThem() async throws {
        let scratch = try TemporaryDirectory()
        let catalog = try EmojiRunTests.writeCatalog(names: EmojiRunTests.measuredNames)
        defer { try? FileManager.default.removeItem(at: catalog.deletingLastPathComponent()) }
        let shop = try await SSHShop(["--catalog", catalog.path, "--latency", "0"], folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        _ = try await tmux.screen(showing: "Consumables")
        try await tmux.press("enter")
        let pane = try await tmux.screen(showing: "Flag")
        for name in EmojiRunTests.measuredNames {
            #expect(pane.contains { $0.contains(name) }, "\(name) is not whole in the pane:\n\(pane.joined(separator: "\n"))")
        }
    }

    @Test func onlyAuthorizedKeysEnter() async throws {
        let scratch = try TemporaryDirectory()
        let allowed = try await SSHShop(Self.tipJar, folder: scratch.url)
        let ada = try await allowed.makeKey("ada")
        let bob = try await allowed.makeKey("bob")
        _ = await allowed.stop()
        let list = scratch.url.appendingPathComponent("authorized_keys")
        try ("# the staff\n" + String(contentsOfFile: ada + ".pub", encoding: .utf8)).write(to: list, atomically: true, encoding: .utf8)

        let shop = try await SSHShop(Self.tipJar + ["--authorized-keys", list.path], folder: scratch.url)
        let admitted = try await shop.exec(key: ada, "transactions")
        #expect(admitted.status == 0)
        #expect(admitted.stderr.contains("Ed25519 or ECDSA P-256"), "the banner names the key types: \(admitted.stderr)")
        let refused = try await shop.exec(key: bob, "transactions")
        #expect(refused.status == 255)
        #expect(refused.stderr.contains("Permission denied (publickey)"), "\(refused.stderr)")
    }

    @Test func aBadAuthorizedKeysLineIsNamedByFileAndLine() async throws {
        let scratch = try TemporaryDirectory()
        let list = scratch.url.appendingPathComponent("authorized_keys")
        try "# keys\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ ada\n".write(to: list, atomically: true, encoding: .utf8)
        let output = try await StorefrontCommand.run(
            ["serve", "--ssh", "0", "--authorized-keys", list.path], environment: ["XDG_DATA_HOME": scratch.url.path]
        )
        #expect(output.status == 65)
        #expect(output.stderr == "storefront: \(list.path):2: ssh-rsa keys are not accepted; use ssh-ed25519 or ecdsa-sha2-nistp256\n")
    }

    @Test func onlyTheReadOnlyStoreCommandsRunOverExec() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(Self.tipJar, folder: scratch.url)
        let key = try await shop.makeKey("ada")
        for command in [["buy", "com.example.tipjar.nib.fine"], ["transactions", "--ledger", "/etc/passwd"], ["sh"]] {
            let words = try shop.ssh(key: key, terminal: false, command: command)
            let refused = try await ChildProcess.run(words[0], Array(words.dropFirst()))
            #expect(refused.status == 1, "\(command)")
            #expect(refused.stderr.contains("is not offered over SSH"), "\(command): \(refused.stderr)")
        }
        let entitlements = try await shop.exec(key: key, "entitlements", "--json")
        #expect(entitlements.status == 0, "\(entitlements.stderr)")
    }

    /// An `exec` command whose store cannot open says so without the server's paths, as the shop does.
    @Test func anExecCommandNamesNoFileOfTheServer() async throws {
        let scratch = try TemporaryDirectory()
        let ledger = scratch.url.appendingPathComponent("ledger.sqlite")
        let shop = try await SSHShop(Self.tipJar + ["--ledger", ledger.path], folder: scratch.url)
        let key = try await shop.makeKey("ada")
        // The ledger becomes a folder under the running server: each command's store fails to open.
        try? FileManager.default.removeItem(at: ledger)
        try FileManager.default.createDirectory(at: ledger, withIntermediateDirectories: false)
        for command in [["transactions"], ["transactions", "--json"], ["entitlements"], ["requests", "--json"]] {
            let words = try shop.ssh(key: key, terminal: false, command: command)
            let output = try await ChildProcess.run(words[0], Array(words.dropFirst()), timeout: .seconds(60))
            #expect(output.status != 0, "\(command): \(output.stdout)")
            #expect(output.stderr.contains("the store cannot open right now"), "\(command): \(output.stderr)")
            #expect(!(output.stdout + output.stderr).contains(scratch.url.path), "\(command): \(output.stderr)")
        }
    }

    @Test func aRestartedServerShowsTheSameHostKey() async throws {
        let scratch = try TemporaryDirectory()
        let first = try await SSHShop(Self.tipJar, folder: scratch.url)
        let key = try await first.makeKey("ada")
        #expect(try await first.exec(key: key, "transactions").status == 0)
        let stopped = await first.stop()
        #expect(stopped.status == 0, "\(stopped.stderr)")

        let again = try await SSHShop(Self.tipJar, folder: scratch.url)
        let output = try await again.exec(key: key, "transactions")
        #expect(output.status == 0)
        #expect(!output.stderr.contains("IDENTIFICATION HAS CHANGED"), "\(output.stderr)")
        let hostKey = scratch.url.appendingPathComponent("data/storefront/ssh_host_ed25519_key").path
        let mode = try FileManager.default.attributesOfItem(atPath: hostKey)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!first.server.stdoutSoFar.contains("PRIVATE KEY") && !again.server.stdoutSoFar.contains("PRIVATE KEY"))
    }

    @Test func aKeyHasAtMostItsShareOfSessions() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(Self.tipJar + ["--max-sessions-per-key", "1"], folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        _ = try await tmux.screen(showing: "Consumables")
        let second = try await shop.exec(key: key, "transactions")
        #expect(second.status == 1)
        #expect(second.stderr.contains("Your key already has 1 session open here"), "\(second.stderr)")
    }

    @Test func anIdleSessionEndsAndItsChildIsReaped() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(Self.tipJar + ["--idle", "2s"], folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)) + "; sleep 60")
        // The store draws meanwhile (on a busy machine it may not even have drawn yet): only keys count.
        _ = try await tmux.screen(showing: "No key pressed for 2s", timeout: .seconds(30))
        #expect(shop.children.isEmpty, "children left: \(shop.children)")
    }

    /// SIGTERM: each storefront counts the drain down on its bottom row in its customer's
    /// language, worded for one who is buying or just looking; then says goodbye, and each
    /// customer's `ssh` exits 0 (issue 26 item 7).
    @Test func sigtermCountsDownInEachCustomersWordsThenEndsEveryoneCleanly() async throws {
        let scratch = try TemporaryDirectory()
        // Long enough for both customers' screens on a loaded machine; the sessions end when it is up.
        let shop = try await SSHShop(Self.tipJar + ["--drain", "20s"], folder: scratch.url)
        let ada = try await shop.makeKey("ada")
        let bob = try await shop.makeKey("bob")
        let reportsExit = #"; echo "ssh exited $?"; sleep 60"#
        let japanese = shellCommand(["env", "LANG=ja_JP.UTF-8"] + (try shop.ssh(key: ada, options: ["-o", "SendEnv=LANG"])))
        let browsing = try await TmuxSession(width: 80, height: 24, command: japanese + reportsExit)
        let buying = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: bob)) + reportsExit)
        _ = try await browsing.screen(showing: "購入済みの項目")  // Your Purchases
        try await buying.press("enter")
        _ = try await buying.screen(showing: "£0.99")
        try await buying.press("enter")
        _ = try await buying.screen(showing: "Confirm Purchase")

        shop.server.send(SIGTERM)
        let first = try await Self.secondsLeft(on: browsing, in: "ストアはあと", "秒で閉店します。")
        #expect(first <= 20)
        let later = try await Self.secondsLeft(on: browsing, in: "ストアはあと", "秒で閉店します。", below: first)
        #expect(later < first)
        let buyer = try await buying.screen(showing: "Please finish your purchase.")
        #expect(buyer.last?.contains("The store is closing in") == true, "\(buyer.joined(separator: "\n"))")
        #expect(try await browsing.capture().allSatisfy { !$0.contains("購入を完了") }, "a browsing customer is asked to finish a purchase")

        let farewell = try await browsing.screen(showing: "ssh exited", timeout: .seconds(40))
        #expect(farewell.contains { $0.contains("ストアは閉店しました。") }, "\(farewell.joined(separator: "\n"))")
        #expect(farewell.contains { $0.contains("ssh exited 0") }, "\(farewell.joined(separator: "\n"))")
        let buyerFarewell = try await buying.screen(showing: "ssh exited", timeout: .seconds(20))
        #expect(buyerFarewell.contains { $0.contains("The store has closed. Thank you for shopping!") }, "\(buyerFarewell.joined(separator: "\n"))")
        #expect(buyerFarewell.contains { $0.contains("ssh exited 0") }, "\(buyerFarewell.joined(separator: "\n"))")
        #expect(!(buyerFarewell + farewell).joined().contains("Broken pipe"))
        let output = await shop.server.wait(timeout: .seconds(30))
        #expect(output.status == 0, "\(output.stderr)")
    }

    /// The number the closing notice shows between `before` and `after` on `tmux`'s bottom
    /// row, once it is below `limit` (10 s at most).
    static func secondsLeft(
        on tmux: TmuxSession, in before: String, _ after: String, below limit: Int = .max
    ) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(10)
        var pane: [String] = []
        while ContinuousClock.now < deadline {
            pane = try await tmux.capture()
            if let line = pane.last, let start = line.range(of: before), let end = line.range(of: after, range: start.upperBound..<line.endIndex),
               let seconds = Int(line[start.upperBound..<end.lowerBound]), seconds < limit {
                return seconds
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("no closing notice below \(limit)s on the bottom row:\n\(pane.joined(separator: "\n"))")
        throw CancellationError()
    }

    @Test func aClientThatVanishesHangsUpItsStorefront() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(Self.tipJar, folder: scratch.url)
        let key = try await shop.makeKey("ada")
        var tmux: TmuxSession? = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        _ = try await tmux?.screen(showing: "Consumables")
        #expect(shop.children.count == 1)
        tmux = nil  // kills the tmux server, and ssh with it
        try await shop.waitUntilNoChildren()
    }
}

/// What a session's child holds, and what its keys cannot do.
@Suite("storefront serve --ssh: each session's child")
struct SSHSessionChildTests {
    @Test func eachChildHoldsOnlyItsOwnTerminal() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(SSHServeTests.tipJar, folder: scratch.url)
        let ada = try await shop.makeKey("ada")
        let bob = try await shop.makeKey("bob")
        let first = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: ada)))
        let second = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: bob)))
        _ = try await first.screen(showing: "Consumables")
        _ = try await second.screen(showing: "Consumables")
        let children = shop.children
        #expect(children.count == 2)
        var terminals: Set<String> = []
        for child in children {
            let folder = "/proc/\(child)/fd"
            let targets = try FileManager.default.contentsOfDirectory(atPath: folder)
                .compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
            let held = Set(targets.filter { $0.hasPrefix("/dev/pts/") || $0 == "/dev/ptmx" })
            #expect(held.count == 1 && !held.contains("/dev/ptmx"), "child \(child) holds \(held)")
            terminals.formUnion(held)
        }
        #expect(terminals.count == 2, "the two sessions share a terminal: \(terminals)")
    }

    @Test func ctrlZSuspendsNothing() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(SSHServeTests.tipJar, folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        _ = try await tmux.screen(showing: "Consumables")
        try await tmux.sendRaw("C-z")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "£0.99")  // the store still answers keys
        for child in shop.children {
            let state = try String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8).split(separator: " ")[2]
            #expect(state != "T", "a session's storefront was stopped")
        }
    }

    @Test func aClientGoneMidPurchaseLeavesItRecordedOnceOrNotAtAll() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(["--catalog", "tipjar", "--latency", "1s"], folder: scratch.url)
        let key = try await shop.makeKey("ada")
        var tmux: TmuxSession? = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)))
        try await tmux?.confirmFirstTip()
        tmux = nil  // gone while the store takes its second
        try await shop.waitUntilNoChildren()
        let bought = try await shop.exec(key: key, "transactions", "--json")
        #expect(bought.status == 0, "\(bought.stderr)")
        #expect(try bought.array().count <= 1)
    }
}
