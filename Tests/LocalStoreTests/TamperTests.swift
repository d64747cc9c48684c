import Foundation
import GRDB
import LocalStore
import Testing

@Suite("Rows edited by hand come back unverified")
struct TamperTests {
    let folder: LedgerFolder

    init() throws {
        folder = try LedgerFolder()
    }

    @Test("Editing a signed column names the column", arguments: [
        ("productID", "'pass.lifetime'"),
        ("price", "'0.01'"),
        ("expirationDate", "expirationDate + 365 * 86400000"),
        ("revocationDate", "NULL"),
        ("productType", "'Non-Consumable'"),
    ])
    func editedColumn(column: String, newValue: String) async throws {
        let ledger = try folder.openLedger()
        let bought = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        _ = try await ledger.revokeTransaction(id: bought.id, reason: .other, at: Sample.signingDate + 60)
        let untouched = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())

        try folder.edit("UPDATE transactions SET \(column) = \(newValue) WHERE id = ?", [bought.id])

        let entries = try await folder.openLedger().transactions()
        #expect(entries.map(\.verification) == [.unverified(.payloadMismatch(fields: [column])), .verified])
        #expect(entries.last?.id == untouched.id)
    }

    @Test("Swapping whole JWS values between rows is caught by the payload")
    func swappedJWS() async throws {
        let ledger = try folder.openLedger()
        let jar = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        let pass = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        try folder.edit("UPDATE transactions SET jws = ? WHERE id = ?", [pass.jwsRepresentation, jar.id])

        let entry = try #require(try await ledger.transaction(id: jar.id))
        guard case .unverified(.payloadMismatch(let fields)) = entry.verification else {
            Issue.record("expected a payload mismatch, got \(entry.verification)")
            return
        }
        #expect(fields.contains("id"))
        #expect(fields.contains("productID"))
    }

    @Test("Swapping only the signature segment between rows fails the signature")
    func swappedSignature() async throws {
        let ledger = try folder.openLedger()
        let jar = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        let pass = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        let jarParts = jar.jwsRepresentation.split(separator: ".")
        let passParts = pass.jwsRepresentation.split(separator: ".")
        let forged = [jarParts[0], jarParts[1], passParts[2]].joined(separator: ".")
        try folder.edit("UPDATE transactions SET jws = ? WHERE id = ?", [forged, jar.id])

        #expect(try await ledger.transaction(id: jar.id)?.verification == .unverified(.invalidSignature))
        #expect(try await ledger.transaction(id: pass.id)?.verification == .verified)
    }

    @Test("A JWS that is not three base64url segments is malformed")
    func malformed() async throws {
        let ledger = try folder.openLedger()
        let jar = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        let jws = jar.jwsRepresentation
        for garbage: String in ["garbage", "a.b", jws + ".extra", String(jws.dropLast(3)) + "!!!"] {
            try folder.edit("UPDATE transactions SET jws = ? WHERE id = ?", [garbage, jar.id])
            let verification = try await ledger.transaction(id: jar.id)?.verification
            guard case .unverified(.malformedJWS) = verification else {
                Issue.record("\(garbage): expected malformedJWS, got \(String(describing: verification))")
                continue
            }
        }
    }

    @Test("A row is not re-signed once edited: refund and expiry refuse it")
    func noLaundering() async throws {
        let ledger = try folder.openLedger()
        let pass = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        try folder.edit("UPDATE transactions SET productID = 'pass.lifetime' WHERE id = ?", [pass.id])
        let failure = VerificationFailure.payloadMismatch(fields: ["productID"])

        await #expect(throws: LedgerError.unverifiedTransaction(id: pass.id, failure: failure)) {
            try await ledger.revokeTransaction(id: pass.id, reason: .other, at: Sample.signingDate)
        }
        await #expect(throws: LedgerError.unverifiedTransaction(id: pass.id, failure: failure)) {
            try await ledger.expireSubscription(transactionID: pass.id, at: Sample.signingDate)
        }
        await #expect(throws: LedgerError.unverifiedTransaction(id: pass.id, failure: failure)) {
            try await ledger.renewSubscription(
                transactionID: pass.id, attemptID: UUID(), purchaseDate: Sample.signingDate,
                expirationDate: Sample.signingDate + Sample.month
            )
        }
        #expect(try await ledger.transaction(id: pass.id)?.verification == .unverified(failure))
    }

    @Test("Wrongly typed edits are rejected by the schema itself", arguments: [
        "price = 'free'", "appAccountToken = 'not-a-uuid'", "purchaseDate = 'yesterday'", "purchaseAttemptID = NULL",
    ])
    func typedColumns(assignment: String) async throws {
        let ledger = try folder.openLedger()
        let pass = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        #expect(throws: DatabaseError.self) {
            try folder.edit("UPDATE transactions SET \(assignment) WHERE id = ?", [pass.id])
        }
        #expect(try await ledger.transaction(id: pass.id)?.isVerified == true)
    }

    @Test("Deleting the key file leaves old rows unverified; the new key signs only new ones")
    func deletedKey() async throws {
        let old = try await folder.openLedger().recordPurchase(Sample.consumable(), attemptID: UUID())
        let oldKeyID = try folder.openLedger().signingKey.keyID
        try FileManager.default.removeItem(at: folder.signingKey)

        let ledger = try folder.openLedger()
        #expect(ledger.signingKey.keyID != oldKeyID)
        let new = try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
        let entries = try await ledger.transactions()
        #expect(entries.map(\.id) == [old.id, new.id])
        #expect(entries.map(\.verification) == [.unverified(.keyMissing(keyID: oldKeyID)), .verified])
    }

    @Test("Replacing the key file with another key leaves every old row unverified")
    func replacedKey() async throws {
        let ledger = try folder.openLedger()
        let jar = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        let otherFolder = try LedgerFolder()
        let intruder = try StoreKeySet.loadOrCreate(at: otherFolder.signingKey).signingKey
        try FileManager.default.removeItem(at: folder.signingKey)
        try FileManager.default.copyItem(at: otherFolder.signingKey, to: folder.signingKey)

        let reopened = try folder.openLedger()
        #expect(reopened.signingKey.keyID == intruder.keyID)
        #expect(try await reopened.transaction(id: jar.id)?.verification
            == .unverified(.keyMissing(keyID: ledger.signingKey.keyID)))
        // The open ledger keeps the key it loaded, so its own view does not change under it.
        #expect(try await ledger.transaction(id: jar.id)?.verification == .verified)
    }

    @Test("Forging the kid to the new key's ID still fails the signature")
    func forgedKeyID() async throws {
        let jar = try await folder.openLedger().recordPurchase(Sample.consumable(), attemptID: UUID())
        try FileManager.default.removeItem(at: folder.signingKey)
        let ledger = try folder.openLedger()
        let segments = jar.jwsRepresentation.split(separator: ".")
        let newHeader = try #require(try await ledger.recordPurchase(Sample.subscription(), attemptID: UUID())
            .jwsRepresentation.split(separator: ".").first)
        try folder.edit(
            "UPDATE transactions SET jws = ? WHERE id = ?", [[newHeader, segments[1], segments[2]].joined(separator: "."), jar.id]
        )
        #expect(try await ledger.transaction(id: jar.id)?.verification == .unverified(.invalidSignature))
    }
}
