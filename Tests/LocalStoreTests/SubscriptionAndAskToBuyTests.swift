import Foundation
import LocalStore
import Testing

@Suite("Renewals, expiry and Ask to Buy")
struct SubscriptionAndAskToBuyTests {
    let folder: LedgerFolder

    init() throws {
        folder = try LedgerFolder()
    }

    @Test("A renewal is a new transaction in the same chain, recorded once per attempt", arguments: Engine.allCases)
    func renewal(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let first = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        let start = try #require(first.transaction.expirationDate)
        let attempt = UUID()

        let renewal = try await ledger.renewSubscription(
            transactionID: first.id, attemptID: attempt, purchaseDate: start, expirationDate: start + Sample.month
        )
        #expect(renewal.isVerified)
        #expect(renewal.id > first.id)
        #expect(renewal.transaction.originalID == first.transaction.originalID)
        #expect(renewal.transaction.originalPurchaseDate == first.transaction.purchaseDate)
        #expect(renewal.transaction.purchaseDate == start)
        #expect(milliseconds(renewal.transaction.expirationDate) == milliseconds(start + Sample.month))
        #expect(renewal.transaction.productID == first.transaction.productID)
        #expect(renewal.transaction.subscriptionGroupID == "pass")
        #expect(renewal.transaction.offerType == nil)

        let retried = try await ledger.renewSubscription(
            transactionID: first.id, attemptID: attempt, purchaseDate: start, expirationDate: start + Sample.month
        )
        #expect(retried == renewal)
        #expect(try await ledger.transactions().count == 2)
    }

    @Test("Only auto-renewable subscriptions renew or expire", arguments: Engine.allCases)
    func renewalNeedsSubscription(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let jar = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        let expected = LedgerError.notAnAutoRenewableSubscription(id: jar.id, productID: "nectar.jar")
        await #expect(throws: expected) {
            try await ledger.renewSubscription(
                transactionID: jar.id, attemptID: UUID(), purchaseDate: Sample.purchaseDate,
                expirationDate: Sample.purchaseDate + Sample.month
            )
        }
        await #expect(throws: expected) {
            try await ledger.expireSubscription(transactionID: jar.id, at: Sample.purchaseDate)
        }
    }

    @Test("Expiring moves the expiration date earlier, never later, and signs again", arguments: Engine.allCases)
    func expiry(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let bought = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        let cutoff = Sample.signingDate + 86_400

        let expired = try await ledger.expireSubscription(transactionID: bought.id, at: cutoff)
        #expect(expired.isVerified)
        #expect(expired.transaction.expirationDate == cutoff)
        let later = try await ledger.expireSubscription(transactionID: bought.id, at: cutoff + 86_400)
        #expect(later.transaction.expirationDate == cutoff)
    }

    @Test("Approving a request records the purchase, dated at approval, once", arguments: Engine.allCases)
    func approve(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let attempt = UUID()
        let request = try await ledger.requestAskToBuy(Sample.subscription(), attemptID: attempt, at: Sample.purchaseDate)
        #expect(request.status == .pending)
        #expect(request.purchaseAttemptID == attempt)
        #expect(try await ledger.requestAskToBuy(Sample.subscription(), attemptID: attempt, at: Sample.signingDate) == request)
        #expect(try await ledger.transactions().isEmpty)

        let approval = Sample.purchaseDate + 7200
        let entry = try await ledger.approveAskToBuy(requestID: request.id, at: approval)
        #expect(entry.isVerified)
        #expect(entry.purchaseAttemptID == attempt)
        #expect(milliseconds(entry.transaction.purchaseDate) == milliseconds(approval))
        // The subscription period starts at approval, not at the request.
        #expect(milliseconds(entry.transaction.expirationDate) == milliseconds(approval + Sample.month))

        #expect(try await ledger.approveAskToBuy(requestID: request.id, at: approval + 60) == entry)
        #expect(try await ledger.transactions().map(\.id) == [entry.id])
        let stored = try #require(try await ledger.askToBuyRequests().first)
        #expect(stored.status == .approved)
        #expect(milliseconds(stored.decidedAt) == milliseconds(approval))
        await #expect(throws: LedgerError.askToBuyRequestAlreadyDecided(id: request.id, status: .approved)) {
            try await ledger.declineAskToBuy(requestID: request.id, at: approval)
        }
    }

    @Test("Declining records nothing and cannot be approved afterwards", arguments: Engine.allCases)
    func decline(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let request = try await ledger.requestAskToBuy(Sample.consumable(), attemptID: UUID(), at: Sample.purchaseDate)
        let declined = try await ledger.declineAskToBuy(requestID: request.id, at: Sample.signingDate)
        #expect(declined.status == .declined)
        #expect(declined.decidedAt == Sample.signingDate)
        #expect(try await ledger.declineAskToBuy(requestID: request.id, at: Sample.signingDate + 60) == declined)
        await #expect(throws: LedgerError.askToBuyRequestAlreadyDecided(id: request.id, status: .declined)) {
            try await ledger.approveAskToBuy(requestID: request.id, at: Sample.signingDate)
        }
        #expect(try await ledger.transactions().isEmpty)
        await #expect(throws: LedgerError.askToBuyRequestNotFound(id: 77)) {
            try await ledger.approveAskToBuy(requestID: 77, at: Sample.signingDate)
        }
    }
}
