import Foundation
@testable import LocalStore
import Testing

@Suite("The store's key set: rotation, old key files, refused files")
struct StoreKeySetTests {
    let folder: LedgerFolder

    init() throws {
        folder = try LedgerFolder()
    }

    /// The `kid` of a row's JWS header.
    private func keyID(_ entry: LedgerEntry) throws -> String? {
        let header = try base64URL(entry.jwsRepresentation.split(separator: ".")[0])
        return (try JSONSerialization.jsonObject(with: header) as? [String: String])?["kid"]
    }

    @Test("Buy, rotate, buy: both rows verify, and the second is signed by the new key")
    func rotation() async throws {
        let before = try folder.openLedger()
        let first = try await before.recordPurchase(Sample.consumable(), attemptID: UUID())
        let rotated = try StoreKeySet.rotate(at: folder.signingKey)
        #expect(rotated.keys.map(\.keyID) == [before.signingKey.keyID, rotated.signingKey.keyID])
        #expect(rotated.signingKey.keyID != before.signingKey.keyID)

        let after = try folder.openLedger()
        let second = try await after.recordPurchase(Sample.subscription(), attemptID: UUID())
        #expect(try await after.transactions().map(\.verification) == [.verified, .verified])
        #expect(try keyID(first) == before.signingKey.keyID)
        #expect(try keyID(second) == rotated.signingKey.keyID)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.signingKey.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test("A key file of one bare PEM key, as stores wrote before key sets, verifies its rows before and after rotation")
    func singleKeyFile() async throws {
        let old = StoreSigningKey.generate()
        try folder.writePrivateFile(folder.signingKey, old.privateKeyPEM)
        let bought = try await folder.openLedger().recordPurchase(Sample.consumable(), attemptID: UUID())

        let loaded = try StoreKeySet.load(from: folder.signingKey)
        #expect(loaded.keys.map(\.keyID) == [old.keyID])
        #expect(loaded.signingKey.created == nil)
        _ = try StoreKeySet.rotate(at: folder.signingKey)
        let rotated = try folder.openLedger()
        #expect(rotated.keys.keys.map(\.keyID).first == old.keyID)
        #expect(rotated.keys.keys.first?.created == nil)
        #expect(rotated.keys.keys.last?.created != nil)
        #expect(try await rotated.transaction(id: bought.id)?.verification == .verified)
    }

    @Test("A row re-signed with a key outside the set is unverified, naming its kid")
    func unknownKey() async throws {
        let ledger = try folder.openLedger()
        let bought = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        let stranger = StoreSigningKey.generate()
        try folder.edit(
            "UPDATE transactions SET jws = ? WHERE id = ?", [try stranger.sign(bought.transaction.signedPayload), bought.id]
        )
        let entry = try await ledger.transaction(id: bought.id)
        #expect(entry?.verification == .unverified(.keyMissing(keyID: stranger.keyID)))
        #expect("\(VerificationFailure.keyMissing(keyID: stranger.keyID))".contains("not in the store's key set"))
    }

    @Test("A key file others may read is refused naming its path and mode, exit 77", arguments: [0o644, 0o640, 0o604, 0o660])
    func openPermissions(mode: Int) throws {
        _ = try folder.openLedger()
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: folder.signingKey.path)
        let error = #expect(throws: LedgerError.self) { try folder.openLedger() }
        #expect(error == .keyFileNotPrivate(path: folder.signingKey.path, mode: mode))
        #expect(error?.exitCode == 77)
        #expect(error?.description.contains("\(folder.signingKey.path) has mode 0\(String(mode, radix: 8))") == true)
        #expect(throws: LedgerError.keyFileNotPrivate(path: folder.signingKey.path, mode: mode)) {
            try StoreKeySet.rotate(at: folder.signingKey)
        }
    }

    @Test("A malformed key file is refused naming the line, never quoting it, exit 65", arguments: [
        (["Created: 2026-01-08T09:30:00Z", "KEY", "stray text"], "line 7: expected a Created: line or -----BEGIN PRIVATE KEY-----"),
        (["Created: yesterday", "KEY"], "line 1: expected one Created: line with an ISO 8601 date, such as 2026-01-08T09:30:00Z, before a key"),
        (["KEY", "Created: 2026-01-08T09:30:00Z"], "line 6: no key follows this Created: line"),
        (["KEY", "-----BEGIN PRIVATE KEY-----", "AAAA"], "line 6: the key that begins here has no -----END line"),
        (["", "   "], "no private key in the file"),
    ])
    func malformed(lines: [String], reason: String) throws {
        let pem = StoreSigningKey.generate().privateKeyPEM.trimmingCharacters(in: .newlines)
        try #require(pem.split(separator: "\n").count == 5, "the line numbers below count a key as 5 lines")
        try folder.writePrivateFile(folder.signingKey, lines.map { $0 == "KEY" ? pem : $0 }.joined(separator: "\n"))
        let error = #expect(throws: LedgerError.self) { try folder.openLedger() }
        #expect(error == .invalidKeyFile(path: folder.signingKey.path, reason: reason))
        #expect(error?.exitCode == 65)
    }

    @Test("Rotations racing in one process each keep their key")
    func racingRotations() async throws {
        let first = try StoreKeySet.loadOrCreate(at: folder.signingKey).signingKey.keyID
        let url = folder.signingKey
        let added = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try StoreKeySet.rotate(at: url).signingKey.keyID }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        let keys = try StoreKeySet.load(from: url).keys.map(\.keyID)
        #expect(keys.count == 9)
        #expect(Set(keys) == added.union([first]))
        #expect(keys.first == first)
    }
}
