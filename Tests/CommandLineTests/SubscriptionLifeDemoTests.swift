import Foundation
import StorefrontTestSupport
import Testing

/// Issue 29's tapes, played by `storefront demo`: Resources/Demos/price-increase.tape (a
/// subscriber consents to a higher price, and the next renewal comes) and
/// billing-recovery.tape (a renewal fails for billing, the customer fixes it).
@Suite("Demo tapes: price increase, billing recovery")
struct SubscriptionLifeDemoTests {
    @Test func aSubscriberAgreesToAPriceIncrease() async throws {
        let frames = try await DemoRecording.of("price-increase").frames
        let consent = try frames.named("consent")
        #expect(consent.line(containing: "Price Increase") != nil)
        #expect(consent.line(containing: "Sanctuary Monthly") != nil)
        #expect(consent.line(containing: "Renews at $12.99/month") != nil)
        #expect(consent.line(containing: "[ Agree ]")?.contains("[ Decline ]") == true)
        #expect(try frames.named("agreed").line(containing: "Price Increase") == nil)
        let renewed = try frames.named("renewed")
        #expect(renewed.line(containing: "02/01/2026")?.contains("Sanctuary Monthly") == true, "the renewal after the consent")
        #expect(renewed.line(containing: "Sanctuary Monthly")?.contains("renews Mar 1, 2026") == true)
    }

    @Test func aBillingFailureRecovered() async throws {
        let frames = try await DemoRecording.of("billing-recovery").frames
        let problem = try frames.named("billing-problem")
        #expect(problem.line(containing: "Billing Problem") != nil)
        #expect(problem.line(containing: "Grove Monthly") != nil)
        #expect(problem.line(containing: "[ Continue ]")?.contains("[ Not Now ]") == true)
        let picker = try frames.named("update-payment")
        #expect(picker.line(containing: "Update your payment method") != nil)
        #expect(picker.line(containing: "Current plan") == nil, "billing retry gives no access")
        let recovered = try frames.named("recovered")
        #expect(recovered.line(containing: "Grove Monthly")?.contains("Current plan") == true)
        #expect(recovered.line(containing: "Update your payment method") == nil)
    }

    @Test func aBadEventNamesItsLine() async throws {
        let folder = try TemporaryDirectory()
        let tape = folder.url.appendingPathComponent("events.tape").path
        try "Catalog backyardbirds\nBuy com.example.backyardbirds.pass.grove.monthly\nAdvance soon\n".write(toFile: tape, atomically: true, encoding: .utf8)
        let advance = try await StorefrontCommand.run(["demo", tape])
        #expect(advance.status == 65)
        #expect(advance.stderr.contains("\(tape):3: Advance: Advance \"soon\": expected a step of store time such as 35d, 2w or 1mo"))

        try "Catalog backyardbirds\nBuy com.example.backyardbirds.pass.grove.monthly\nResolveBillingIssue com.example.backyardbirds.pass.grove.monthly\n"
            .write(toFile: tape, atomically: true, encoding: .utf8)
        let resolve = try await StorefrontCommand.run(["demo", tape])
        #expect(resolve.status == 65)
        #expect(resolve.stderr.contains("\(tape):3: ResolveBillingIssue: subscription 1 (com.example.backyardbirds.pass.grove.monthly) has no billing issue: it is subscribed"))
    }
}
