import Foundation
import StorefrontTestSupport
import Testing

/// `promotional-offer.tape`: a promotional offer applied from a JWS Apple's library signed at
/// the tape's store time, checked by the store against the key the tape registers.
@Suite("Demo tape: a signed promotional offer")
struct PromotionalOfferDemoTests {
    @Test func theSignedOfferIsAppliedOnTheUpgrade() async throws {
        let frames = try await DemoRecording.of("promotional-offer").frames
        let alert = try frames.named("promotional-price")
        #expect(alert.contains { $0.contains("You're subscribed") })
        #expect(alert.joined(separator: " ").contains("at its promotional price until"))
        #expect(frames.final.first { $0.contains("Sanctuary Yearly") }?.contains("Current plan") == true)
    }

    /// The same tape without its registered key: the store refuses the offer, so the tape
    /// never sees the promotional price. Its JWS is checked, not taken on trust.
    @Test func withoutTheRegisteredKeyTheStoreRefusesIt() async throws {
        let folder = try TemporaryDirectory()
        let original = try String(contentsOf: PackagePaths.demos.appendingPathComponent("promotional-offer.tape"), encoding: .utf8)
        let tape = folder.url.appendingPathComponent("unregistered.tape")
        try original.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("Set api-keys") }.joined(separator: "\n")
            .write(to: tape, atomically: true, encoding: .utf8)
        let output = try await StorefrontCommand.run(["demo", tape.path, "--frames", folder.url.appendingPathComponent("f.txt").path])
        #expect(output.status == 65)
        #expect(output.stderr.contains("WaitFor \"promotional price\""))
        #expect(output.stderr.contains("not registered"))
    }
}
