import Foundation
import LocalStore
import StorefrontModel
import Testing

@Suite("Recording and reading transactions")
struct LedgerTests {
    let folder: LedgerFolder

    init() throws {
        folder = try LedgerFolder()
    }

    @Test("A recorded purchase reads back verified, with every field and millisecond dates", arguments: Engine.allCases)
    func roundTrip(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let purchase = Sample.subscription()
        let attempt = UUID()
        let recorded = try await ledger.recordPurchase(purchase, attemptID: attempt)

        let reopened = try await ledgers.open()
        let entry = try #require(try await reopened.transaction(id: recorded.id))
        #expect(entry == recorded)
        #expect(entry.verification == .verified)
        #expect(entry.purchaseAttemptID == attempt)
        #expect(!entry.isFinished)

        let transaction = entry.transaction
        #expect(transaction.originalID == transaction.id)
        #expect(transaction.productID == purchase.productID)
        #expect(transaction.productType == .autoRenewable)
        #expect(milliseconds(transaction.purchaseDate) == 1_760_000_000_123)
        #expect(transaction.originalPurchaseDate == transaction.purchaseDate)
        let expiry: Int64 = 1_760_000_000_123 + 30 * 86_400_000
        #expect(milliseconds(transaction.expirationDate) == expiry)
        #expect(transaction.offerType == .introductory)
        #expect(transaction.offerID == "intro.week")
        #expect(transaction.offerPaymentMode == .freeTrial)
        #expect(transaction.storefront == "GBR")
        #expect(transaction.appAccountToken == purchase.appAccountToken)
        #expect(transaction.price == Decimal(string: "4.99"))
        #expect(transaction.currency == "GBP")
        #expect(transaction.subscriptionGroupID == "pass")
        #expect(transaction.ownershipType == .purchased)
        #expect(transaction.revocationDate == nil)
        #expect(transaction.signedDate == Sample.signingDate)
    }

    @Test("The JWS is an ES256 header, the sorted-key payload of the columns, and a raw 64-byte signature")
    func jwsShape() async throws {
        let ledger = try folder.openLedger()
        let entry = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        let segments = entry.jwsRepresentation.split(separator: ".", omittingEmptySubsequences: false)
        try #require(segments.count == 3)

        let header = try JSONSerialization.jsonObject(with: base64URL(segments[0])) as? [String: String]
        #expect(header == ["alg": "ES256", "typ": "JWT", "kid": ledger.signingKey.keyID])
        #expect(try base64URL(segments[2]).count == 64)

        let payloadText = try String(decoding: base64URL(segments[1]), as: UTF8.self)
        let payload = try #require(try JSONSerialization.jsonObject(with: Data(payloadText.utf8)) as? [String: Any])
        #expect(payload["id"] as? Int == Int(entry.id))
        #expect(payload["productID"] as? String == "nectar.jar")
        #expect(payload["productType"] as? String == "Consumable")
        #expect(payload["purchasedQuantity"] as? Int == 3)
        #expect(payload["price"] as? String == "480")
        #expect(payload["purchaseDate"] as? Int == 1_760_000_000_123)
        #expect(payload["expirationDate"] == nil)
        // Canonical: keys appear in sorted order, with no whitespace.
        let keyOrder = payload.keys.sorted().compactMap { payloadText.range(of: "\"\($0)\":")?.lowerBound }
        #expect(keyOrder == keyOrder.sorted())
        #expect(!payloadText.contains(" "))
    }

    @Test("Recording the same attempt twice keeps one transaction", arguments: Engine.allCases)
    func idempotentAttempt(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let attempt = UUID()
        let first = try await ledger.recordPurchase(Sample.consumable(), attemptID: attempt)
        var retry = Sample.consumable()
        retry.purchaseDate += 5
        let second = try await ledger.recordPurchase(retry, attemptID: attempt)
        #expect(second == first)
        #expect(try await ledger.transactions().map(\.id) == [first.id])
    }

    @Test("An attempt ID cannot buy a second, different product", arguments: Engine.allCases)
    func reusedAttempt(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let attempt = UUID()
        _ = try await ledger.recordPurchase(Sample.consumable(), attemptID: attempt)
        await #expect(throws: LedgerError.purchaseAttemptReused(
            attemptID: attempt, recordedProductID: "nectar.jar", requestedProductID: "pass.premium.monthly"
        )) {
            try await ledger.recordPurchase(Sample.subscription(), attemptID: attempt)
        }
        #expect(try await ledger.transactions().count == 1)
    }

    @Test("Purchases that cannot be right are refused before anything is written", arguments: Engine.allCases)
    func invalidPurchases(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        var noQuantity = Sample.consumable()
        noQuantity.purchasedQuantity = 0
        var negative = Sample.consumable()
        negative.price = Decimal(string: "-1")
        var unnamed = Sample.consumable()
        unnamed.productID = ""
        for purchase in [noQuantity, negative, unnamed] {
            let error = await #expect(throws: LedgerError.self) {
                try await ledger.recordPurchase(purchase, attemptID: UUID())
            }
            guard case .invalidPurchase = error else {
                Issue.record("expected invalidPurchase, got \(String(describing: error))")
                continue
            }
            #expect(error?.exitCode == 65)
        }
        #expect(try await ledger.transactions().isEmpty)
    }

    @Test("Finishing removes a transaction from the unfinished list, in every process", arguments: Engine.allCases)
    func finishing(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let first = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        let second = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        #expect(try await ledger.unfinishedTransactions().map(\.id) == [first.id, second.id])

        try await ledger.finishTransaction(id: first.id)
        try await ledger.finishTransaction(id: first.id)
        let other = try await ledgers.open()
        #expect(try await other.unfinishedTransactions().map(\.id) == [second.id])
        #expect(try await other.transaction(id: first.id)?.isFinished == true)
        #expect(try await other.transaction(id: first.id)?.isVerified == true)
        await #expect(throws: LedgerError.transactionNotFound(id: 99)) {
            try await ledger.finishTransaction(id: 99)
        }
    }

    @Test("A refund sets the revocation, signs again, and still verifies", arguments: Engine.allCases)
    func refund(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let clock = VirtualClock()
        let ledger = try await ledgers.open(clock: StoreClock(clock, startingAt: Sample.signingDate))
        let bought = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        clock.advance(by: .seconds(3600))
        let refundDate = Sample.signingDate.addingTimeInterval(1800)

        let refunded = try await ledger.revokeTransaction(id: bought.id, reason: .developerIssue, at: refundDate)
        #expect(refunded.isVerified)
        #expect(refunded.transaction.revocationDate == refundDate)
        #expect(refunded.transaction.revocationReason == .developerIssue)
        #expect(refunded.transaction.signedDate == Sample.signingDate.addingTimeInterval(3600))
        #expect(refunded.jwsRepresentation != bought.jwsRepresentation)
        #expect(try await ledgers.open().transaction(id: bought.id) == refunded)

        clock.advance(by: .seconds(3600))
        let again = try await ledger.revokeTransaction(id: bought.id, reason: .other, at: refundDate + 7200)
        #expect(again == refunded)
        await #expect(throws: LedgerError.transactionNotFound(id: 42)) {
            try await ledger.revokeTransaction(id: 42, reason: .other, at: refundDate)
        }
    }

    @Test("Clearing empties the ledger, and new transactions never reuse an old ID", arguments: Engine.allCases)
    func clear(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        let old = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        _ = try await ledger.requestAskToBuy(Sample.subscription(), attemptID: UUID(), at: Sample.purchaseDate)
        try await ledger.setStoreTimeOffset(86_400)

        try await ledger.clearTransactions()
        #expect(try await ledger.transactions().isEmpty)
        #expect(try await ledger.unfinishedTransactions().isEmpty)
        #expect(try await ledger.askToBuyRequests().isEmpty)
        #expect(try await ledger.storeTimeOffset() == 86_400)

        let new = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        #expect(new.id > old.id)
        #expect(new.isVerified)
    }

    @Test("The store time offset persists and advances add up", arguments: Engine.allCases)
    func storeTime(engine: Engine) async throws {
        let ledgers = try await TestLedger(engine)
        let ledger = try await ledgers.open()
        #expect(try await ledger.storeTimeOffset() == 0)
        #expect(try await ledger.advanceStoreTime(by: Sample.month) == Sample.month)
        #expect(try await ledger.advanceStoreTime(by: 3600) == Sample.month + 3600)
        #expect(try await ledgers.open().storeTimeOffset() == Sample.month + 3600)
        try await ledger.setStoreTimeOffset(0)
        #expect(try await ledger.storeTimeOffset() == 0)
    }

    @Test("An in-memory ledger works the same and leaves no files")
    func inMemory() async throws {
        let ledger = try Ledger(location: .inMemory, environment: [:])
        let entry = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        #expect(entry.isVerified)
        #expect(ledger.files == nil)
        #expect(try await Ledger(location: .inMemory, environment: [:]).transactions().isEmpty)
    }
}

/// Decodes an unpadded base64url segment with Foundation, independently of the store's decoder.
func base64URL(_ segment: Substring) throws -> Data {
    var text = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    return try #require(Data(base64Encoded: text))
}

func milliseconds(_ date: Date?) -> Int64? {
    date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
}
