import Foundation
import StorefrontTestSupport
import Testing

/// The demos in Resources/Demos, played by `storefront demo`: what each one ends on, and
/// tapes that are wrong. (That the casts replay in a real terminal is an end-to-end test.)
@Suite("Demo tapes")
struct DemoCommandTests {
    static func play(_ demo: String) async throws -> DemoRecording {
        try await DemoRecording.of(demo)
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

    @Test func everyDemoInResourcesIsCovered() throws {
        let tapes = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.demos.path).filter { $0.hasSuffix(".tape") }
        #expect(Set(tapes.map { String($0.dropLast(5)) }) == Set(DemoRecording.demos))
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
        var output = try await StorefrontCommand.run(["demo", typo])
        #expect(output.status == 65)
        #expect(output.stderr == "storefront: \(typo):7: unknown command \"Prss\"\n")

        let timeout = try write("timeout.tape", "Catalog tipjar\nSet wait-timeout 500ms\nWaitFor \"Nothing like this\"\n")
        output = try await StorefrontCommand.run(["demo", timeout])
        #expect(output.status == 65)
        #expect(output.stderr.contains("\(timeout):3: WaitFor \"Nothing like this\": not on screen after 0.50s"))

        let catalog = try write("catalog.tape", "\nCatalog nowhere\nPress enter\n")
        output = try await StorefrontCommand.run(["demo", catalog])
        #expect(output.status == 65)
        #expect(output.stderr.contains("\(catalog):2: no catalog \"nowhere\""))

        let locale = try write("locale.tape", "Catalog cheers\nSet locale jp\nPress enter\n")
        output = try await StorefrontCommand.run(["demo", locale])
        #expect(output.status == 65)
        #expect(output.stderr.contains("\(locale):2: unknown locale \"jp\""))

        let approve = try write("approve.tape", "Catalog tipjar\nWait 1s\nApprove\n")
        output = try await StorefrontCommand.run(["demo", approve])
        #expect(output.status == 65)
        #expect(output.stderr.contains("\(approve):3: Approve: nothing to approve"))

        output = try await StorefrontCommand.run(["demo", folder.appendingPathComponent("missing.tape").path])
        #expect(output.status == 66)
        #expect(output.stderr.contains("missing.tape: no such tape file"))

        let fine = try write("fine.tape", "Catalog tipjar\n")
        output = try await StorefrontCommand.run(["demo", fine, "--cast", folder.appendingPathComponent("no/such/dir/x.cast").path])
        #expect(output.status == 73)
        #expect(output.stderr.contains("x.cast: cannot be written"))
    }

    @Test func aCatalogBesideTheTapeIsFound() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: PackagePaths.catalog("TipJar"),
            to: folder.appendingPathComponent("Mine.storekit")
        )
        let tape = folder.appendingPathComponent("mine.tape").path
        try "Catalog Mine.storekit\nWait 100ms\n".write(toFile: tape, atomically: true, encoding: .utf8)
        let output = try await StorefrontCommand.run(["demo", tape])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("── end (t=0.10s) ──\n Mine"))
    }

    @Test func hiddenSetUpASourcedTapeAndScreenshots() async throws {
        let folder = try TemporaryDirectory()
        let write = { (name: String, text: String) in
            let url = folder.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        // The shared set-up opens the shop unseen; the demo starts on its prices.
        _ = try write("common/setup.tape", "Size 60x20\nCatalog tipjar\nHide\nPress enter\nWaitFor \"£0.99\"\nShow\n")
        let tape = try write("tips.tape", "Source common/setup.tape\nPress down\nScreenshot fine.svg\nWait 1s\n")
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let cast = out.appendingPathComponent("tips.cast").path
        var output = try await StorefrontCommand.run(["demo", tape, "--cast", cast])
        #expect(output.status == 0, "\(output.stderr)")

        let events = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n")
        #expect(events[0].contains("\"width\": 60") || events[0].contains("\"width\":60"))
        #expect(events[1].hasPrefix("[0.0") && events[1].contains("£0.99"))  // the first thing shown is the shop
        let beside = try String(contentsOf: out.appendingPathComponent("fine.svg"), encoding: .utf8)
        #expect(beside.hasPrefix("<svg") || beside.hasPrefix("<?xml"))

        let pictures = folder.url.appendingPathComponent("pictures")
        output = try await StorefrontCommand.run(["demo", tape, "--svg", pictures.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try String(contentsOf: pictures.appendingPathComponent("fine.svg"), encoding: .utf8) == beside)
    }

    @Test func aSourcedTapeThatIsMissingOrACycleNamesItsLine() async throws {
        let folder = try TemporaryDirectory()
        let path = { (name: String) in folder.url.appendingPathComponent(name).path }
        try "Catalog tipjar\nSource b.tape\n".write(toFile: path("a.tape"), atomically: true, encoding: .utf8)
        try "Press enter\nSource a.tape\n".write(toFile: path("b.tape"), atomically: true, encoding: .utf8)
        try "Press enter\n\nSource nowhere.tape\n".write(toFile: path("c.tape"), atomically: true, encoding: .utf8)

        var output = try await StorefrontCommand.run(["demo", path("a.tape")])
        #expect(output.status == 65)
        #expect(output.stderr == "storefront: \(path("b.tape")):2: Source a.tape: a cycle: \(path("a.tape")) → \(path("b.tape")) → \(path("a.tape"))\n")

        output = try await StorefrontCommand.run(["demo", path("c.tape")])
        #expect(output.status == 65)
        #expect(output.stderr == "storefront: \(path("c.tape")):3: Source nowhere.tape: \(path("nowhere.tape")): no such tape file\n")
    }

    @Test func aTapeThatFailsPrintsItsScreenAndKeepsWhatWasRecorded() async throws {
        let folder = try TemporaryDirectory()
        let tape = folder.url.appendingPathComponent("sub.tape").path
        let cast = folder.url.appendingPathComponent("sub.cast").path
        let frames = folder.url.appendingPathComponent("sub.txt").path
        let partialCast = folder.url.appendingPathComponent("sub.partial.cast").path
        let partialFrames = folder.url.appendingPathComponent("sub.partial.txt").path
        try "Catalog tipjar\nPress enter\nWaitFor \"£0.99\"\nSnapshot shop\nSet wait-timeout 1s\nWaitFor \"Thank you\"\n"
            .write(toFile: tape, atomically: true, encoding: .utf8)

        let output = try await StorefrontCommand.run(["demo", tape, "--cast", cast, "--frames", frames])
        #expect(output.status == 65)
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 24 + 5)
        #expect(lines[0] == "storefront: \(tape):6: WaitFor \"Thank you\": not on screen after 1.00s (Set wait-timeout gives it longer)")
        #expect(lines[1] == "── the screen when the tape stopped ──")
        #expect(lines[2] == " Tip Jar › Consumables")
        #expect(lines[3].hasPrefix(" • Extra Fine Tip") && lines[3].hasSuffix("£0.99  Buy"))
        #expect(lines[2 + 24] == "kept what was recorded until then: \(partialCast)")
        #expect(lines[3 + 24] == "kept what was recorded until then: \(partialFrames)")
        #expect(!FileManager.default.fileExists(atPath: cast))
        #expect(!FileManager.default.fileExists(atPath: frames))

        let kept = try String(contentsOfFile: partialCast, encoding: .utf8).split(separator: "\n")
        #expect(kept[0].contains("\"version\""))
        #expect(kept.contains { $0.contains("£0.99") })
        let keptFrames = DemoRecording.Frames(try String(contentsOfFile: partialFrames, encoding: .utf8))
        #expect(keptFrames.sections.map(\.name) == ["shop"])  // the end is the same screen
        #expect(DemoCommandTests.line(try keptFrames.named("shop"), containing: "Extra Fine Tip") != nil)

        // Fixed, it records in full and the partial recordings go.
        try "Catalog tipjar\nPress enter\nWaitFor \"£0.99\"\n".write(toFile: tape, atomically: true, encoding: .utf8)
        let fixed = try await StorefrontCommand.run(["demo", tape, "--cast", cast, "--frames", frames])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(FileManager.default.fileExists(atPath: cast))
        #expect(!FileManager.default.fileExists(atPath: partialCast))
        #expect(!FileManager.default.fileExists(atPath: partialFrames))
    }
}
