import Foundation
@testable import LocalStore
import Testing

/// A ledger written before offers had a period (migration v4-fields): its rows, offers
/// included, verify unchanged; new rows carry and sign the period.
@Suite("Migrating a ledger from before offer periods")
struct OfferPeriodMigrationTests {
    let folder: LedgerFolder

    init() throws {
        folder = try LedgerFolder()
    }

    @Test("An old row with an offer still verifies, with no period; a new one signs its period")
    func oldRowsVerify() async throws {
        let old = LedgerTransaction(id: 1, purchase: Sample.subscription(), account: .local, original: nil, signedDate: Sample.signingDate)
        _ = try folder.writeOldRow(old, schemaUpTo: "v3-notifications")

        let ledger = try folder.openLedger()
        let entries = try await ledger.transactions()
        #expect(entries.map(\.verification) == [.verified])
        #expect(entries.first?.transaction.offerType == .introductory && entries.first?.transaction.offerPeriod == nil)
        #expect(entries.first?.verificationResult.verifiedValue?.offer?.period == nil)

        var purchase = Sample.subscription()
        purchase.offerPeriod = "P1W"
        let new = try await ledger.recordPurchase(purchase, attemptID: UUID())
        #expect(new.isVerified && new.transaction.offerPeriod == "P1W")
        #expect(new.verificationResult.verifiedValue?.offer?.period?.iso8601 == "P1W")
        try folder.edit("UPDATE transactions SET offerPeriod = 'P1Y' WHERE id = ?", [new.id])
        #expect(try await ledger.transactions().last?.verification == .unverified(.payloadMismatch(fields: ["offerPeriod"])),
                "the period is signed")
    }
}
