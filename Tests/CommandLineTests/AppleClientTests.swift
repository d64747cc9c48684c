import Foundation
import StorefrontTestSupport
import Testing

/// `storefront serve --http` as a back office meets it: Apple's own App Store Server Library
/// (Python, `pip install app-store-server-library`, which .ci/install-deps installs) calls every
/// endpoint of the running server and decodes every response and signed payload with its
/// models and SignedDataVerifier in LocalTesting; a webhook receiver gets the test notification.
/// Then `serve certs` issues a chain and, with its root, the verifier checks every payload in
/// full (Sandbox), and refuses them with another chain's root. The script buys for two
/// customers, starts each server on 127.0.0.1 and stops it.
@Suite struct AppleClientTests {
    @Test func applesLibraryReadsEveryEndpoint() async throws {
        let output = try await AppleClientScript.run("apple_client_check.py")
        #expect(output.stdout.contains("ok: history is alice's transactions and no one else's"))
        #expect(output.stdout.contains("ok: every transaction verifies against the issued root"))
    }

    /// Notifications V2 to a webhook (`webhook_check.py`): a receiver that answers 500 for a
    /// while, then a server SIGKILLed mid-delivery and started again. Every notification the
    /// ledger recorded arrives, each notificationUUID once but for those the kill left
    /// unrecorded (at least once, as Apple's), in order per original transaction; Apple's
    /// library decodes each; history shows the failed attempts on Apple's retry schedule.
    @Test(arguments: ["sqlite", "postgres"])
    func webhookGetsEveryNotificationThroughFailuresAndACrash(engine: String) async throws {
        let output = try await AppleClientScript.run("webhook_check.py", try await AppleClientScript.storeArguments(engine))
        #expect(output.stdout.contains("ok: the server is killed mid-delivery"))
        #expect(output.stdout.contains("ok: the receiver got every notification the ledger recorded, and no other"))
    }
}
