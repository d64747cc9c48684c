import Foundation
import StorefrontTestSupport
import Testing

/// The endpoints of issue 29's items 6 and 7 as a back office meets them (`endpoints_check.py`):
/// Apple's App Store Server Library extends renewal dates (one subscription, then every active
/// subscriber, with Get Status), sets an app account token, reads an app transaction and
/// finishes a transaction, each with an error case, on SQLite and on PostgreSQL; a webhook
/// receiver decodes RENEWAL_EXTENDED, RENEWAL_EXTENSION FAILURE and SUMMARY; and the command
/// line shows the finished transaction no longer unfinished.
@Suite struct EndpointsAppleTests {
    @Test(arguments: ["sqlite", "postgres"])
    func applesLibraryCallsTheNewEndpoints(engine: String) async throws {
        let output = try await AppleClientScript.run("endpoints_check.py", try await AppleClientScript.storeArguments(engine))
        #expect(output.stdout.contains("ok: bob extended; alice refused, she had two this year"))
        #expect(output.stdout.contains("ok: restore delivers nothing left unfinished"))
    }
}
