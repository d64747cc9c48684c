import Foundation
import StorefrontTestSupport
import Testing

/// The six demos in Resources/Demos, played by `storefront demo`: what each one ends on, and
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
}
