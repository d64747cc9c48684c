import Foundation
import StorefrontTestSupport
import Testing

/// The store controls a tape takes, named as the CLI's commands (`Renew`, `Extend`,
/// `AutoRenew`, `Refund`, `RefundReverse`, `PriceIncrease` and `PriceConsent`,
/// `RemoveFromSale`), played by `storefront demo`; a bad argument stops the tape at its line.
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

    @Test("Each control is taken in turn: a refused one would stop the tape (RefundReverse needs the grant before it)")
    func controlsInTurn() async throws {
        let (output, _) = try await play("""
            Advance 10d
            Renew \(Self.sanctuary)
            Extend \(Self.sanctuary) 30 3
            AutoRenew \(Self.sanctuary) off
            AutoRenew \(Self.sanctuary) on
            Refund \(Self.feeder) request UNINTENDED_PURCHASE
            Refund \(Self.feeder) grant
            RefundReverse \(Self.feeder)
            Renew \(Self.sanctuary) fail
            """)
        #expect(output.status == 0, "\(output.stderr)")
    }

    @Test("Renew fail: the app shows the billing problem; PriceIncrease, PriceConsent and RemoveFromSale are taken before it")
    func failedRenewal() async throws {
        let (output, frames) = try await play("""
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
