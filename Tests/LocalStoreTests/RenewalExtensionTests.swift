import Foundation
import LocalStore
import StorefrontModel
import Testing

private let day: Duration = .seconds(86_400)

private func date(_ month: Int, _ day: Int) -> Date {
    Calendar(identifier: .gregorian).date(from: DateComponents(timeZone: .gmt, year: 2026, month: month, day: day)) ?? .distantPast
}

/// Renewal-date extensions on both engines: the chain's expiry moves in the ledger, once per
/// request identifier, within Apple's limits, with Apple's notifications; and a mass extension
/// over every customer of the ledger.
@Suite("Renewal-date extensions")
struct RenewalExtensionTests {
    @Test("An extension moves the expiry, signed again, once per request identifier, with RENEWAL_EXTENDED", arguments: Engine.allCases)
    func extend(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let gold = try await harness.buy("pass.gold.monthly")
        let done = try await harness.store.extendRenewalDate(
            originalTransactionID: Int64(gold.id), byDays: 10, reason: .serviceIssueOrOutage, requestIdentifier: "outage-1"
        )
        #expect(done.effectiveDate == date(2, 11) && done.refusal == nil)
        let again = try await harness.store.extendRenewalDate(
            originalTransactionID: Int64(gold.id), byDays: 10, reason: .serviceIssueOrOutage, requestIdentifier: "outage-1"
        )
        #expect(again.effectiveDate == date(2, 11), "the same request identifier extends once")
        let status = try await harness.status("pass")
        #expect(status.transaction.verifiedValue?.expirationDate == date(2, 11))
        #expect(try await harness.ledger.transactions().allSatisfy(\.isVerified))
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "RENEWAL_EXTENDED"])

        harness.clock.advance(by: day * 35)  // 5 February: still the extended period
        #expect(try await harness.status("pass").transaction.verifiedValue?.id == gold.id)
        harness.clock.advance(by: day * 7)  // 12 February: renewed from the new date
        let renewal = try #require(try await harness.status("pass").transaction.verifiedValue)
        #expect(renewal.id != gold.id && renewal.purchaseDate == date(2, 11) && renewal.expirationDate == date(3, 11))
    }

    @Test("Apple's limits: two in 365 days, an active paid period, not shared", arguments: Engine.allCases)
    func limits(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let gold = try await harness.buy("pass.gold.monthly")
        func extend(_ id: Int64, _ request: String) async throws -> RenewalExtension {
            try await harness.store.extendRenewalDate(originalTransactionID: id, byDays: 5, reason: .other, requestIdentifier: request)
        }
        #expect(try await extend(Int64(gold.id), "a").refusal == nil)
        #expect(try await extend(Int64(gold.id), "b").refusal == nil)
        let third = try await extend(Int64(gold.id), "c")
        #expect(third.refusal == .maximumReached && third.effectiveDate == nil)
        #expect(try await harness.status("pass").transaction.verifiedValue?.expirationDate == date(2, 11))

        let trial = try await harness.buy("extras.monthly")  // a week free
        #expect(try await extend(Int64(trial.id), "trial").refusal == .ineligible)

        harness.clock.advance(by: day * 400)  // past the window; auto-renew off lets it lapse first
        try await harness.store.setAutoRenew(false, forTransaction: Int64(gold.id))
        harness.clock.advance(by: day * 40)
        #expect(try await extend(Int64(gold.id), "lapsed").refusal == .ineligible)
        await #expect(throws: LedgerError.self) { try await extend(Int64(gold.id) + 1000, "unknown") }
    }

    /// Three customers of one ledger: alice and bob subscribe to Gold Monthly (bob has had his
    /// year's two extensions already), carol to Bronze; and a mass extension of Gold Monthly.
    private struct MassScene {
        let alice, bob, carol: StoreHarness
        let request: MassRenewalExtension

        init(_ engine: Engine) async throws {
            let ledger = try await TestLedger(engine)
            alice = try await StoreHarness(on: ledger, account: try CustomerAccount("alice"))
            bob = try await StoreHarness(on: ledger, account: try CustomerAccount("bob"))
            carol = try await StoreHarness(on: ledger, account: try CustomerAccount("carol"))
            _ = try await alice.buy("pass.gold.monthly")
            let bobs = try await bob.buy("pass.gold.monthly")
            for request in ["x", "y"] {
                _ = try await bob.store.extendRenewalDate(originalTransactionID: Int64(bobs.id), byDays: 1, reason: .other, requestIdentifier: request)
            }
            _ = try await carol.buy("pass.bronze.monthly")
            request = MassRenewalExtension(
                requestIdentifier: UUID().uuidString.lowercased(), productID: "pass.gold.monthly", extendByDays: 30,
                reason: .serviceIssueOrOutage, storefrontCountryCodes: ["USA"], requestedAt: Fixtures.epoch
            )
        }

        func run() async throws -> MassRenewalExtension {
            try await LocalStore.extendRenewalDatesForAllActiveSubscribers(
                request, catalog: Fixtures.catalog, ledger: alice.ledger, controls: StoreControls(), clock: alice.store.clock
            )
        }
    }

    @Test("A mass extension runs over every customer of the product: RENEWAL_EXTENDED, FAILURE, then SUMMARY, once", arguments: Engine.allCases)
    func mass(engine: Engine) async throws {
        let scene = try await MassScene(engine)
        let (alice, carol) = (scene.alice, scene.carol)
        let done = try await scene.run()
        #expect(done.completedAt != nil && done.succeededCount == 1 && done.failedCount == 1)
        #expect(try await alice.status("pass").transaction.verifiedValue?.expirationDate == date(3, 3))
        #expect(try await carol.status("pass").transaction.verifiedValue?.expirationDate == date(2, 1))
        let again = try await scene.run()
        #expect(again.succeededCount == 1 && again.failedCount == 1, "the same request identifier runs once")
        let told = try await alice.ledger.notificationHistory(from: 0, to: .max).filter { $0.notificationType.hasPrefix("RENEWAL_") }
        #expect(told.map { [$0.accountID, $0.notificationType, $0.subtype ?? ""].joined(separator: " ") } == [
            "bob RENEWAL_EXTENDED ", "bob RENEWAL_EXTENDED ", "alice RENEWAL_EXTENDED ", "bob RENEWAL_EXTENSION FAILURE",
            "alice RENEWAL_EXTENSION SUMMARY",
        ])
    }

    @Test("A mass extension's SUMMARY is delivered after every outcome of its request, a FAILURE waiting for its retry included", arguments: Engine.allCases)
    func summaryLast(engine: Engine) async throws {
        let scene = try await MassScene(engine)
        _ = try await scene.run()
        let ledger = scene.alice.ledger
        let now = Date()
        func name(_ notification: LedgerNotification) -> String {
            [notification.accountID, notification.notificationType, notification.subtype ?? ""].joined(separator: " ")
        }
        // Delivery rounds at `date` until nothing is due: each due one succeeds, but a first attempt of one in `failing`.
        func deliver(at date: Date, failing: Set<String> = []) async throws -> [String] {
            var delivered: [String] = []
            while case let due = try await ledger.dueNotifications(at: date, limit: 50), !due.isEmpty {
                for notification in due {
                    let failed = failing.contains(name(notification)) && notification.attemptCount == 0
                    let attempt = NotificationAttempt(
                        notificationID: notification.id, url: "http://hook", date: 1,
                        result: failed ? "UNSUCCESSFUL_HTTP_RESPONSE_CODE" : "SUCCESS"
                    )
                    try await ledger.recordAttempts([attempt], of: notification, signedPayload: "signed", nextAttemptAt: failed ? date + 3600 : nil)
                    if !failed { delivered.append(name(notification)) }
                }
            }
            return delivered
        }
        let first = try await deliver(at: now, failing: ["bob RENEWAL_EXTENSION FAILURE"])
        #expect(first.sorted() == [
            "alice RENEWAL_EXTENDED ", "alice SUBSCRIBED INITIAL_BUY", "bob RENEWAL_EXTENDED ", "bob RENEWAL_EXTENDED ",
            "bob SUBSCRIBED INITIAL_BUY", "carol SUBSCRIBED INITIAL_BUY",
        ], "the summary waits for bob's failure, to be tried again")
        let retried = try await deliver(at: now + 3600)
        #expect(retried == ["bob RENEWAL_EXTENSION FAILURE", "alice RENEWAL_EXTENSION SUMMARY"])
    }

    @Test("An app account token set on a purchase is on each of its transactions, its renewal info and its renewals", arguments: Engine.allCases)
    func appAccountToken(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let gold = try await harness.buy("pass.gold.monthly")
        harness.clock.advance(by: day * 31)
        _ = try await harness.status("pass")  // the February renewal
        let token = UUID()
        let chain = try await harness.ledger.setAppAccountToken(token, originalID: Int64(gold.id))
        #expect(chain.count == 2 && chain.allSatisfy { $0.isVerified && $0.transaction.appAccountToken == token })
        #expect(try await harness.status("pass").renewalInfo.verifiedValue?.appAccountToken == token)
        harness.clock.advance(by: day * 31)
        let renewal = try #require(try await harness.status("pass").transaction.verifiedValue)
        #expect(Int64(renewal.id) != chain.last?.id && renewal.appAccountToken == token)
        await #expect(throws: LedgerError.self) { try await harness.ledger.setAppAccountToken(token, originalID: Int64(renewal.id)) }
    }
}
