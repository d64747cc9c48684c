import Foundation
import StorefrontTestSupport
import Testing

/// Resources/Demos/win-back.tape, played by `storefront demo`: a churned Grove subscriber
/// opens the store on the win-back message and takes the free month.
@Suite("Demo tapes: win-back")
struct WinBackDemoTests {
    @Test func aChurnedSubscriberTakesTheWinBackOffer() async throws {
        let frames = try await DemoRecording.of("win-back").frames
        let message = try frames.named("message")
        #expect(message.line(containing: "Welcome back") != nil)
        #expect(message.line(containing: "1 month free, then $5.99/month") != nil)
        #expect(message.line(containing: "[ Try It Free ]")?.contains("[ Not Now ]") == true)
        let sheet = try frames.named("sheet")
        #expect(sheet.line(containing: "Confirm Purchase") != nil)
        #expect(sheet.line(containing: "Welcome back: 1 month free, then $5.99/month") != nil)
        #expect(try frames.named("welcomed-back").line(containing: "Grove Monthly is free until") != nil)
        #expect(try frames.named("subscribed").line(containing: "Grove Monthly")?.contains("Current plan") == true)
        #expect(frames.final.line(containing: "Welcome back:") == nil)
    }
}

extension WinBackDemoTests {
    @Test func expireWithNothingToExpireNamesItsLine() async throws {
        let folder = try TemporaryDirectory()
        let tape = folder.url.appendingPathComponent("expire.tape").path
        try "Catalog backyardbirds\nWait 1s\nExpire com.example.backyardbirds.pass.grove.monthly\n".write(toFile: tape, atomically: true, encoding: .utf8)
        let output = try await StorefrontCommand.run(["demo", tape])
        #expect(output.status == 65)
        #expect(output.stderr.contains("\(tape):3: Expire: nothing to expire: no subscription to \"com.example.backyardbirds.pass.grove.monthly\" is in force"))
    }
}
