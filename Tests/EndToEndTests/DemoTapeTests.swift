import Foundation
import Testing

/// The six demos in Resources/Demos, played by `storefront demo`: what each one ends on,
/// and casts that replay in a real terminal.
@Suite("Demo tapes")
struct DemoTapeTests {
    /// A frames file: each `── name (t=…) ──` section's lines.
    struct Frames: Sendable {
        let sections: [(name: String, lines: [String])]

        init(_ text: String) {
            var sections: [(String, [String])] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("── "), let name = line.dropFirst(3).split(separator: " ").first {
                    sections.append((String(name), []))
                } else if !sections.isEmpty, !line.isEmpty || sections[sections.count - 1].1.count < 24 {
                    sections[sections.count - 1].1.append(String(line))
                }
            }
            self.sections = sections
        }

        func named(_ name: String) throws -> [String] {
            try #require(sections.first { $0.name == name }, "no frame named \(name) in \(sections.map(\.name))").lines
        }

        /// The last screen of the tape.
        var final: [String] { sections.last?.lines ?? [] }
    }

    struct Played: Sendable {
        let frames: Frames
        let cast: String
    }

    /// Each demo is played once for all the tests that look at it.
    actor Plays {
        static let shared = Plays()
        private var plays: [String: Task<Played, any Error>] = [:]

        func of(_ demo: String) async throws -> Played {
            if let play = plays[demo] { return try await play.value }
            let play = Task { try await DemoTapeTests.record(demo) }
            plays[demo] = play
            return try await play.value
        }
    }

    static func play(_ demo: String) async throws -> Played {
        try await Plays.shared.of(demo)
    }

    private static func record(_ demo: String) async throws -> Played {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tape = StorefrontBinary.packageRoot.appendingPathComponent("Resources/Demos/\(demo).tape").path
        let cast = folder.appendingPathComponent("demo.cast")
        let frames = folder.appendingPathComponent("demo.txt")
        let output = try await StorefrontBinary.run(["demo", tape, "--cast", cast.path, "--frames", frames.path])
        try #require(output.status == 0, "storefront demo \(demo) failed: \(output.stderr)")
        return Played(
            frames: Frames(try String(contentsOf: frames, encoding: .utf8)),
            cast: try String(contentsOf: cast, encoding: .utf8)
        )
    }

    static func line(_ lines: [String], containing text: String) -> String? {
        lines.first { $0.contains(text) }
    }

    @Test func tipJarEndsOnTheThankYou() async throws {
        let final = try await Self.play("tip-jar").frames.final
        #expect(Self.line(final, containing: "Thank you!") != nil)
        #expect(Self.line(final, containing: "Your Fine Tip purchase is complete.") != nil)
        #expect(Self.line(final, containing: "Fine Tip ×1") != nil)
    }

    @Test func cheersIsBoughtInJapanese() async throws {
        let final = try await Self.play("cheers-ja").frames.final
        #expect(Self.line(final, containing: "提灯の応援のご購入が完了しました。") != nil)
        #expect(Self.line(final, containing: "提灯の応援 ×1")?.contains("¥1,000") == true)
        #expect(Self.line(final, containing: "線香花火の応援")?.contains("¥500") == true)
        #expect(Self.line(final, containing: "Cheers › 消耗型") != nil)
    }

    @Test func cheersIsBoughtInChinese() async throws {
        let final = try await Self.play("cheers-zh-Hans").frames.final
        #expect(Self.line(final, containing: "谢谢！") != nil)
        #expect(Self.line(final, containing: "你已成功购买“灯笼应援”。") != nil)
        #expect(Self.line(final, containing: "灯笼应援 ×1")?.contains("¥1,000") == true)
        #expect(Self.line(final, containing: "Cheers › 消耗型项目") != nil)
    }

    @Test func theFreeTrialThenTheUpgradeIsTheCurrentPlan() async throws {
        let frames = try await Self.play("trial-upgrade").frames
        let sheet = try frames.named("free-week")
        #expect(Self.line(sheet, containing: "1 week free, then $2.99/month") != nil)
        #expect(Self.line(sheet, containing: "Try It Free") != nil)
        #expect(Self.line(try frames.named("trial-started"), containing: "Your free trial has started") != nil)
        #expect(Self.line(try frames.named("subscribed"), containing: "Meadow Monthly")?.contains("Current plan") == true)
        #expect(Self.line(frames.final, containing: "Sanctuary Monthly")?.contains("Current plan") == true)
        #expect(Self.line(frames.final, containing: "Meadow Monthly")?.contains("Current plan") == false)
    }

    @Test func askToBuyWaitsThenIsApproved() async throws {
        let frames = try await Self.play("ask-to-buy").frames
        #expect(Self.line(try frames.named("waiting"), containing: "Waiting for approval") != nil)
        #expect(Self.line(frames.final, containing: "Approved") != nil)
        #expect(Self.line(frames.final, containing: "Extra Fine Tip was approved and is yours.") != nil)
        #expect(Self.line(frames.final, containing: "Extra Fine Tip ×1") != nil)
    }

    @Test func aFailedPurchaseThenASuccessfulRetry() async throws {
        let frames = try await Self.play("failed-purchase").frames
        let failed = try frames.named("failed")
        #expect(Self.line(failed, containing: "Purchase failed") != nil)
        #expect(Self.line(failed, containing: "Copper Tube Feeder: The store reported an unknown") != nil)
        #expect(Self.line(frames.final, containing: "Copper Tube Feeder")?.contains("Owned") == true)
        #expect(Self.line(frames.final, containing: "Purchase failed") == nil)
    }

    @Test func restoringBringsBackPurchasesMadeElsewhere() async throws {
        let frames = try await Self.play("restore").frames
        let restored = try frames.named("restored")
        #expect(Self.line(restored, containing: "Purchases restored") != nil)
        #expect(Self.line(restored, containing: "2 purchases are active.") != nil)
        let final = frames.final
        #expect(Self.line(final, containing: "Your Purchases") != nil)
        let history = try #require(final.firstIndex { $0.contains("History") })
        let bought = final[history...].joined(separator: "\n")
        #expect(bought.contains("Copper Tube Feeder"))
        #expect(bought.contains("Songbird Field Guide"))
    }

    static let demos = ["tip-jar", "cheers-ja", "cheers-zh-Hans", "trial-upgrade", "ask-to-buy", "failed-purchase", "restore"]

    @Test func everyDemoInResourcesIsCovered() throws {
        let folder = StorefrontBinary.packageRoot.appendingPathComponent("Resources/Demos")
        let tapes = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tape") }
        #expect(Set(tapes.map { String($0.dropLast(5)) }) == Set(Self.demos))
    }

    /// `asciinema cat` replays the cast in a tmux window of the cast's size; the window
    /// must then show the tape's last screen.
    @Test(
        .enabled(if: Command.find("asciinema") != nil, "asciinema is not installed (.ci/install-deps --demo)"),
        arguments: demos
    )
    func castsReplayInATerminal(_ demo: String) async throws {
        let played = try await Self.play(demo)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("demo.cast").path
        try played.cast.write(toFile: cast, atomically: true, encoding: .utf8)

        let status = folder.appendingPathComponent("status").path
        let done = folder.appendingPathComponent("done").path
        let script = "asciinema cat \(shellCommand([cast])); echo $? > \(shellCommand([status])); touch \(shellCommand([done])); sleep 60"
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(["env", "LANG=C.UTF-8", "sh", "-c", script]))
        let final = played.frames.final
        let title = try #require(final.trimmedRight.first { !$0.isEmpty })
        try await waitForFile(done, "asciinema cat did not finish")
        let pane = try await tmux.screen(showing: title.trimmingCharacters(in: .whitespaces))
        #expect(try String(contentsOfFile: status, encoding: .utf8) == "0\n")
        #expect(pane.trimmedRight == final.trimmedRight)
    }

    @Test func aBadTapeNamesItsLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let write = { (name: String, text: String) in
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        let typo = try write("x.tape", "Size 80x24\nCatalog tipjar\n\n# go\nPress enter\nWait 1s\nPrss down\n")
        var output = try await StorefrontBinary.run(["demo", typo])
        #expect(output.status == 65)
        #expect(output.stderr == "storefront: \(typo):7: unknown command \"Prss\"\n")

        let timeout = try write("timeout.tape", "Catalog tipjar\nSet wait-timeout 500ms\nWaitFor \"Nothing like this\"\n")
        output = try await StorefrontBinary.run(["demo", timeout])
        #expect(output.status == 65)
        #expect(output.stderr.contains("\(timeout):3: WaitFor \"Nothing like this\": not on screen after 0.50s"))

        let catalog = try write("catalog.tape", "\nCatalog nowhere\nPress enter\n")
        output = try await StorefrontBinary.run(["demo", catalog])
        #expect(output.status == 65)
        #expect(output.stderr.contains("\(catalog):2: no catalog \"nowhere\""))

        let locale = try write("locale.tape", "Catalog cheers\nSet locale jp\nPress enter\n")
        output = try await StorefrontBinary.run(["demo", locale])
        #expect(output.status == 65)
        #expect(output.stderr.contains("\(locale):2: unknown locale \"jp\""))

        let approve = try write("approve.tape", "Catalog tipjar\nWait 1s\nApprove\n")
        output = try await StorefrontBinary.run(["demo", approve])
        #expect(output.status == 65)
        #expect(output.stderr.contains("\(approve):3: Approve: nothing to approve"))

        output = try await StorefrontBinary.run(["demo", folder.appendingPathComponent("missing.tape").path])
        #expect(output.status == 66)
        #expect(output.stderr.contains("missing.tape: no such tape file"))

        let fine = try write("fine.tape", "Catalog tipjar\n")
        output = try await StorefrontBinary.run(["demo", fine, "--cast", folder.appendingPathComponent("no/such/dir/x.cast").path])
        #expect(output.status == 73)
        #expect(output.stderr.contains("x.cast: cannot be written"))
    }

    @Test func aCatalogBesideTheTapeIsFound() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: StorefrontBinary.packageRoot.appendingPathComponent("Resources/Catalogs/TipJar.storekit"),
            to: folder.appendingPathComponent("Mine.storekit")
        )
        let tape = folder.appendingPathComponent("mine.tape").path
        try "Catalog Mine.storekit\nWait 100ms\n".write(toFile: tape, atomically: true, encoding: .utf8)
        let output = try await StorefrontBinary.run(["demo", tape])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("── end (t=0.10s) ──\n Mine"))
    }
}
