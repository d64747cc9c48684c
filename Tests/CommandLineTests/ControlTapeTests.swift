import Foundation
import StorefrontTestSupport
import Testing

/// The store controls a tape takes, named as the CLI's commands (`Renew`, `Extend`,
/// `AutoRenew`, `Refund`, `RefundReverse`, `PriceIncrease` and `PriceConsent`,
/// `RemoveFromSale`), played by `storefront demo` into a running app: each shows on its
/// screen; a bad argument stops the tape at its line.
@Suite("Tape store controls (storefront demo)")
struct ControlTapeTests {
    static let sanctuary = "com.example.backyardbirds.pass.sanctuary.monthly"
    static let feeder = "com.example.backyardbirds.feeder.copper"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// Plays `lines` after a stage with a Sanctuary Monthly subscriber who owns the Copper Tube Feeder.
    private func play(_ lines: String) async throws -> (output: ChildProcess.Output, frames: DemoRecording.Frames?) {
        let tape = folder.url.appendingPathComponent("controls.tape").path
        let frames = folder.url.appendingPathComponent("controls.txt")
        try """
            Size 100x30
            Catalog backyardbirds
            Buy \(Self.sanctuary)
            Buy \(Self.feeder)
            \(lines)
            """.write(toFile: tape, atomically: true, encoding: .utf8)
        let output = try await StorefrontCommand.run(["demo", tape, "--frames", frames.path])
        let text = try? String(contentsOf: frames, encoding: .utf8)
        return (output, text.map(DemoRecording.Frames.init))
    }

    @Test("Renew, Extend, AutoRenew, Refund request then grant, RefundReverse: Your Purchases follows each")
    func purchasesFollow() async throws {
        let (output, frames) = try await play("""
            Advance 10d
            Renew \(Self.sanctuary)
            Press end enter
            WaitFor "Your Purchases"
            Snapshot renewed
            Extend \(Self.sanctuary) 30 3
            Wait 2s
            Snapshot extended
            AutoRenew \(Self.sanctuary) off
            Wait 2s
            Snapshot cancelled
            AutoRenew \(Self.sanctuary) on
            Refund \(Self.feeder) request UNINTENDED_PURCHASE
            Refund \(Self.feeder) grant
            Wait 2s
            Snapshot refunded
            RefundReverse \(Self.feeder)
            Wait 2s
            Snapshot reversed
            """)
        #expect(output.status == 0, "\(output.stderr)")
        let recorded = try #require(frames)
        #expect(try recorded.named("renewed").line(containing: "Sanctuary Monthly")?.contains("renews Feb 11, 2026") == true)
        #expect(try recorded.named("extended").line(containing: "Sanctuary Monthly")?.contains("renews Mar 13, 2026") == true)
        #expect(try recorded.named("cancelled").line(containing: "Sanctuary Monthly")?.contains("ends Mar 13, 2026") == true)
        #expect(try recorded.named("refunded").line(containing: "Copper Tube Feeder") == nil)
        #expect(try recorded.named("reversed").line(containing: "Copper Tube Feeder") != nil)
    }

    @Test("Renew fail: the picker says to update the payment method; PriceIncrease, PriceConsent decline and RemoveFromSale are taken")
    func failedRenewal() async throws {
        let (output, frames) = try await play("""
            Set billing-retry off
            PriceIncrease \(Self.sanctuary) 12.99
            PriceConsent \(Self.sanctuary) accept
            RemoveFromSale com.example.backyardbirds.pass.meadow.yearly
            Renew \(Self.sanctuary) fail
            Press enter
            WaitFor "Update your payment method"
            Snapshot failed
            """)
        #expect(output.status == 0, "\(output.stderr)")
        let failed = try #require(frames).named("failed")
        #expect(failed.line(containing: "Update your payment method") != nil)
    }

    @Test("A bad argument names the tape's line", arguments: [
        ("Renew", "Renew takes a product and optionally fail, such as Renew com.example.pass.monthly fail, not \"\""),
        ("Renew \(sanctuary) twice", "Renew takes a product and optionally fail"),
        ("PriceConsent \(sanctuary) maybe", "PriceConsent takes a product and accept or decline"),
        ("AutoRenew \(sanctuary)", "AutoRenew takes a product and on or off"),
        ("Refund \(feeder) request ANGRY", "Refund: refund reason \"ANGRY\": expected one of"),
        ("Refund \(feeder) prorated=abc", "Refund: refund decision \"prorated=abc\": expected grant, prorated=PERCENT"),
        ("RefundReverse \(feeder)", "RefundReverse: nothing to reverse: no refunded transaction of"),
        ("Extend \(sanctuary) 91", "Extend: Extend \(sanctuary) \"91\": expected days from 1 to 90"),
        ("RemoveFromSale com.example.nothing", "RemoveFromSale: unknown product \"com.example.nothing\""),
        ("Renew \(feeder)", "Renew: transaction 2 (\(feeder)) is not an auto-renewable subscription"),
    ])
    func badArgument(line: String, message: String) async throws {
        let (output, _) = try await play(line)
        #expect(output.status == 65, "\(output.stderr)")
        #expect(output.stderr.contains("controls.tape:5: \(message)"), "\(output.stderr)")
    }
}
