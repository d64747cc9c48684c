import Foundation
import StorefrontTestSupport
import Testing

/// `storefront billing recover` and `storefront auto-renew`, run as real processes on a ledger
/// file, and their events on the server side as Apple's App Store Server Library reads them.
@Suite("storefront billing recover and auto-renew (real processes)")
struct SubscriptionEventCommandTests {
    static let grove = "com.example.backyardbirds.pass.grove.monthly"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path, "--billing-retry"])
    }

    @Test("billing recover: the renewal a failed billing held back, once; in one line, refused when there is nothing to resolve")
    func recover() async throws {
        #expect(try await storefront("buy", Self.grove).status == 0)
        let renewing = try await storefront("billing", "recover", "1")
        #expect(renewing.status == 1)
        #expect(renewing.stderr == "storefront: cannot resolve the billing issue of transaction 1: subscription 1 (\(Self.grove)) has no billing issue: it is subscribed, not in billing retry or a grace period\n")

        #expect(try await storefront("advance", "35d").status == 0)
        let listed = try await storefront("entitlements", "--json")
        #expect((try listed.object()["subscriptions"] as? [[String: Any]])?.first?["state"] as? String == "inBillingRetryPeriod")
        let recovered = try await storefront("billing", "recover", "1", "--json")
        #expect(recovered.status == 0, "\(recovered.stderr)")
        let renewal = try recovered.object()
        #expect(renewal["originalID"] as? Int == 1)
        #expect(renewal["productID"] as? String == Self.grove)
        let again = try await storefront("billing", "recover", "1")
        #expect(again.status == 1, "recovered once: it is subscribed now")
        #expect(try await storefront("transactions", "--json").array().count == 2)

        let unknown = try await storefront("billing", "recover", "99")
        #expect(unknown.status == 65)
        #expect(unknown.stderr.hasPrefix("storefront: cannot resolve the billing issue of transaction 99: "))
        #expect(unknown.stderr.split(separator: "\n").count == 1)
    }

    @Test("auto-renew off and on: entitlements says so; an unknown transaction or switch is refused in one line")
    func autoRenew() async throws {
        #expect(try await storefront("buy", Self.grove).status == 0)
        #expect(try await storefront("auto-renew", "1", "off").stdout == "Auto-renew is off for the subscription of transaction 1.\n")
        func willAutoRenew() async throws -> Bool? {
            let listed = try await storefront("entitlements", "--json")
            return (try listed.object()["subscriptions"] as? [[String: Any]])?.first?["willAutoRenew"] as? Bool
        }
        #expect(try await willAutoRenew() == false)
        #expect(try await storefront("auto-renew", "1", "on").status == 0)
        #expect(try await willAutoRenew() == true)

        let unknown = try await storefront("auto-renew", "99", "off")
        #expect(unknown.status == 65)
        #expect(unknown.stderr.split(separator: "\n").count == 1)
        let badSwitch = try await storefront("auto-renew", "1", "maybe")
        #expect(badSwitch.status == 64)
        #expect(badSwitch.stderr.contains("maybe"))
    }
}

/// Apple's App Store Server Library reads each event of the subscription's life that these
/// commands cause, through `serve --http`'s notifications and endpoints, on both engines.
@Suite struct SubscriptionEventAppleTests {
    @Test("Billing retry, grace, recovery and expiry", arguments: ["sqlite", "postgres"])
    func billingRecovery(engine: String) async throws {
        let output = try await AppleClientScript.run("billing_recovery_check.py", try await AppleClientScript.storeArguments(engine))
        #expect(output.stdout.contains("ok: DID_RENEW BILLING_RECOVERY, in the grace period"))
        #expect(output.stdout.contains("ok: recovered in billing retry, the new period starts at the recovery, not at the old renewal date"))
    }

    @Test("Auto-renew off and on, a downgrade cancelled, a test notification retried", arguments: ["sqlite", "postgres"])
    func lifecycle(engine: String) async throws {
        let output = try await AppleClientScript.run("lifecycle_check.py", try await AppleClientScript.storeArguments(engine))
        #expect(output.stdout.contains("ok: the downgrade cancelled: DID_CHANGE_RENEWAL_PREF with no subtype"))
        #expect(output.stdout.contains("ok: Get Test Notification Status: each failed attempt, then SUCCESS"))
    }
}
