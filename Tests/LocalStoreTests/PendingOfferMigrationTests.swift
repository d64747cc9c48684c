import Foundation
@testable import LocalStore
import Testing

/// A ledger from before offers could wait for a renewal (migration v5-redeem): it opens with
/// the table, its rows verify unchanged, and an offer redeemed then waits for its plan's renewal.
@Suite("Migrating a ledger from before offers waiting for a renewal")
struct PendingOfferMigrationTests {
    @Test("An old subscription still verifies; an offer redeemed for it is kept, with OFFER_REDEEMED")
    func oldLedgerKeepsAnOffer() async throws {
        let folder = try LedgerFolder()
        let old = LedgerTransaction(id: 1, purchase: Sample.subscription(), account: .local, original: nil, signedDate: Sample.signingDate)
        _ = try folder.writeOldRow(old, schemaUpTo: "v4-plans")

        let ledger = try folder.openLedger()
        let plan = try #require(try await ledger.transactions().first)
        #expect(plan.verification == .verified)
        #expect(try await ledger.pendingOffers().isEmpty)
        let offer = PendingOffer(
            originalID: plan.id, productID: plan.transaction.productID, offerType: .promotional, offerID: "winter",
            paymentMode: .payAsYouGo, period: "P1M", periodCount: 2, price: Decimal(string: "1.99") ?? 0, redeemedDate: Sample.signingDate
        )
        _ = try await ledger.recordSubscriptionChange(.redeemAtRenewal(plan, offer, as: nil), attemptID: UUID(), at: Sample.signingDate)
        #expect(try await ledger.pendingOffers()[plan.id]?.isSame(as: offer) == true)
        #expect(try await ledger.notificationHistory(from: 0, to: .max).map(\.notificationType) == ["OFFER_REDEEMED"])
    }
}
