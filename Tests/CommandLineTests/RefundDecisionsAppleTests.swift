import Foundation
import StorefrontTestSupport
import Testing

/// Refund requests, Send Consumption Information v2 and the decisions, as a back office meets
/// them (`refund_decisions_check.py`): `serve --http`'s notifications, endpoint answers and
/// error codes, read and verified by Apple's App Store Server Library; on SQLite and PostgreSQL.
@Suite struct RefundDecisionsAppleTests {
    @Test(arguments: ["sqlite", "postgres"])
    func applesLibraryReadsRefundRequestsAndDecisions(engine: String) async throws {
        let output = try await AppleClientScript.run("refund_decisions_check.py", try await AppleClientScript.storeArguments(engine))
        #expect(output.stdout.contains("ok: each CONSUMPTION_REQUEST carries the customer's reason"))
        #expect(output.stdout.contains("ok: REFUND_REVERSED: the feeder with no revocation"))
        #expect(output.stdout.contains("ok: Get Refund History: only the pass after the reversal"))
    }
}
