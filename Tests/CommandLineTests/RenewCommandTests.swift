import Foundation
import StorefrontTestSupport
import Testing

/// `storefront renew ID [--billing-fails]`, run as real processes on a ledger file.
@Suite("storefront renew (real processes)")
struct RenewCommandTests {
    static let grove = "com.example.backyardbirds.pass.grove.monthly"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path])
    }

    @Test("renew: a new period from now; --billing-fails: billing retry that later commands keep, until billing recover")
    func renewAndFail() async throws {
        #expect(try await storefront("buy", Self.grove).status == 0)
        #expect(try await storefront("advance", "10d").status == 0)
        let renewed = try await storefront("renew", "1", "--json")
        #expect(renewed.status == 0, "\(renewed.stderr)")
        let renewal = try renewed.object()
        #expect(renewal["id"] as? Int == 2 && renewal["originalID"] as? Int == 1)
        #expect(renewal["state"] as? String == "subscribed")
        #expect(try await storefront("transactions", "--json").array().count == 2)

        let failed = try await storefront("renew", "1", "--billing-fails")
        #expect(failed.status == 0, "\(failed.stderr)")
        #expect(failed.stdout.hasPrefix("Renewal failed (billing), in billing retry: 2  \(Self.grove)  "))
        #expect(failed.stdout.split(separator: "\n").count == 1)
        // Another command, without --billing-retry, finds the renewal failed all the same.
        let listed = try await storefront("entitlements", "--json")
        #expect((try listed.object()["subscriptions"] as? [[String: Any]])?.first?["state"] as? String == "inBillingRetryPeriod")
        let inRetry = try await storefront("renew", "1")
        #expect(inRetry.status == 65)
        #expect(inRetry.stderr == "storefront: cannot renew the subscription of transaction 1: subscription 1 (\(Self.grove)) is in billing retry: only a subscription in force renews (resolve its billing issue instead)\n")
        #expect(try await storefront("billing", "recover", "2").status == 0)
        #expect(try await storefront("transactions", "--json").array().count == 3)
    }

    @Test("renew ID --fail alone fails the renewal for billing; --fail naming a store API keeps its meaning")
    func bareFail() async throws {
        #expect(try await storefront("buy", Self.grove).status == 0)
        let renewed = try await storefront("renew", "1", "--fail", "purchase")
        #expect(renewed.status == 0, "\(renewed.stderr)")
        #expect(renewed.stdout.hasPrefix("Renewed 2  \(Self.grove)  "), "\(renewed.stdout)")
        // An API by its other name (sync for appStoreSync) is still one.
        let synced = try await storefront("renew", "1", "--fail", "sync=networkError")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.hasPrefix("Renewed 3  \(Self.grove)  "), "\(synced.stdout)")
        let failed = try await storefront("renew", "--fail", "1")
        #expect(failed.status == 0, "\(failed.stderr)")
        #expect(failed.stdout.hasPrefix("Renewal failed (billing), in billing retry: 3  \(Self.grove)  "), "\(failed.stdout)")
    }

    @Test("renew --billing-fails with --billing-grace-period: a grace period, and its end in --json")
    func failIntoGrace() async throws {
        #expect(try await storefront("buy", Self.grove).status == 0)
        let failed = try await storefront("renew", "1", "--billing-fails", "--json", "--billing-grace-period")
        #expect(failed.status == 0, "\(failed.stderr)")
        let lapsed = try failed.object()
        #expect(lapsed["id"] as? Int == 1 && lapsed["state"] as? String == "inGracePeriod")
        #expect(lapsed["isInBillingRetryPeriod"] as? Bool == true)
        #expect(lapsed["gracePeriodExpiresDate"] is String)
    }

    @Test("Refused in one line with exit 65: an unknown transaction, a consumable, an expired or refunded subscription; --help")
    func refused() async throws {
        #expect(try await storefront("buy", "com.example.backyardbirds.food.sunflower").status == 0)
        #expect(try await storefront("buy", Self.grove).status == 0)
        for (id, reason) in [
            ("99", "no transaction with ID 99"),
            ("1", "transaction 1 (com.example.backyardbirds.food.sunflower) is not an auto-renewable subscription"),
        ] {
            let output = try await storefront("renew", id)
            #expect(output.status == 65)
            #expect(output.stderr == "storefront: cannot renew the subscription of transaction \(id): \(reason)\n")
        }
        #expect(try await storefront("expire", Self.grove).status == 0)
        let expired = try await storefront("renew", "2")
        #expect(expired.status == 65)
        #expect(expired.stderr.hasSuffix("subscription 2 (\(Self.grove)) is expired: only a subscription in force renews\n"))
        #expect(try await storefront("refund", "2").status == 0)
        let refunded = try await storefront("renew", "2")
        #expect(refunded.status == 65 && refunded.stderr.contains("is refunded"))

        let help = try await StorefrontCommand.run(["renew", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--billing-fails") && help.stdout.contains("DID_FAIL_TO_RENEW"))
    }
}

/// Apple's App Store Server Library reads what `renew` causes, through `serve --http`'s
/// notifications and endpoints, on both engines.
@Suite struct RenewAppleTests {
    @Test("A forced renewal (DID_RENEW) and a forced failure (DID_FAIL_TO_RENEW GRACE_PERIOD)", arguments: ["sqlite", "postgres"])
    func renew(engine: String) async throws {
        let output = try await AppleClientScript.run("renew_check.py", try await AppleClientScript.storeArguments(engine))
        #expect(output.stdout.contains("ok: DID_RENEW\n"))
        #expect(output.stdout.contains("ok: and runs a month from now: the renewal date moved"))
        #expect(output.stdout.contains("ok: DID_FAIL_TO_RENEW GRACE_PERIOD"))
        #expect(output.stdout.contains("ok: Get All Subscription Statuses: status 4, billing grace period"))
    }
}
