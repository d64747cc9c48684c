import Foundation
import StorefrontTestSupport
import Testing

/// `storefront serve --http` probed as an attacker or a broken webhook would: a running server,
/// raw sockets and receivers written in the scripts, on 127.0.0.1 (`Tests/AppleClient`).
@Suite(.reliabilityRun) struct ServeHTTPProbeTests {
    /// `http_limits_check.py`: a silent socket, a head or body dripped a byte at a time and a
    /// quiet kept-alive connection are each closed at their timeout while Apple's library is
    /// answered; under `ulimit -n 256`, 250 idle sockets neither exhaust the server's
    /// descriptors nor lock a customer out; SIGTERM with a body still coming exits after --drain.
    @Test func slowClientsAreCutOffAndCustomersStillServed() async throws {
        let output = try await AppleClientScript.run("http_limits_check.py")
        #expect(output.stdout.contains("ok: a head dripped a byte every 0.3 s is closed at the header timeout"))
        #expect(output.stdout.contains("ok: a customer is answered meanwhile, within the header timeout"))
        #expect(output.stdout.contains("ok: SIGTERM with a body still coming: exit 0"))
    }

    /// `webhook_hang_check.py`: receivers that never answer, half-close, drip their answer or
    /// are stopped hold neither a healthy receiver's notifications nor SIGTERM past --drain, and
    /// a dripping answer is cut off at the attempt's 10 s deadline, a connection to a full accept
    /// queue at the 5 s connect timeout.
    @Test func aHungWebhookHoldsNeitherOtherNotificationsNorShutdown() async throws {
        let output = try await AppleClientScript.run("webhook_hang_check.py")
        #expect(output.stdout.contains("ok: the healthy receiver gets all three notifications within 5 s while the other answers a byte every 0.5 s"))
        #expect(output.stdout.contains("ok: SIGTERM with deliveries under way"))
        #expect(output.stdout.contains("ok: the server closes a dripping answer at its 10 s deadline"))
        #expect(output.stdout.contains("ok: connecting is given up at 5 s: [('TIMED_OUT',)]"))
    }
}
