import Foundation
import LocalStore
import StorefrontTestSupport
import Testing

@Suite("The store's signing key")
struct StoreSigningKeyTests {
    @Test("Created on first use as an owner-only PEM file, and loaded again after")
    func createdOnce() throws {
        let folder = try LedgerFolder()
        let created = try StoreKeySet.loadOrCreate(at: folder.signingKey).signingKey
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.signingKey.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let pem = try String(contentsOf: folder.signingKey, encoding: .utf8)
        #expect(pem.hasPrefix("Created: ") && pem.contains("\n-----BEGIN PRIVATE KEY-----\n"))

        let loaded = try StoreKeySet.loadOrCreate(at: folder.signingKey)
        #expect(loaded.keys.map(\.keyID) == [created.keyID])
        #expect(loaded.signingKey.publicKeyPEM == created.publicKeyPEM)
        #expect(StoreSigningKey.generate().keyID != created.keyID)
    }

    @Test("Openers racing on a new key file all end up with the same key")
    func racingCreators() async throws {
        let folder = try LedgerFolder()
        let url = folder.signingKey
        let keyIDs = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try StoreKeySet.loadOrCreate(at: url).signingKey.keyID }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(keyIDs.count == 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(leftovers == ["store-key.pem"])
    }

    @Test("A key file that holds no key is reported and left alone, exit 65")
    func corruptKeyFile() throws {
        let folder = try LedgerFolder()
        try folder.writePrivateFile(folder.signingKey, "-----BEGIN PRIVATE KEY-----\nnot base64\n-----END PRIVATE KEY-----\n")
        let error = #expect(throws: LedgerError.self) { try folder.openLedger() }
        #expect(error == .invalidKeyFile(
            path: folder.signingKey.path, reason: "line 1: the key that begins here is not a PEM-encoded P-256 private key"
        ))
        #expect(error?.exitCode == 65)
        #expect(try String(contentsOf: folder.signingKey, encoding: .utf8).contains("not base64"))
        #expect(!FileManager.default.fileExists(atPath: folder.database.path))
    }

    @Test("No description, debug description or dump shows the private key")
    func redacted() throws {
        let folder = try LedgerFolder()
        let ledger = try folder.openLedger()
        let secrets = try PrivateKeySecrets(keyFile: String(contentsOf: folder.signingKey, encoding: .utf8))

        var renderings = [
            String(describing: ledger.signingKey), String(reflecting: ledger.signingKey), "\(ledger.signingKey)",
            String(describing: ledger), String(reflecting: ledger),
        ]
        var dumped = ""
        dump(ledger, to: &dumped)
        renderings.append(dumped)
        dumped = ""
        dump(ledger.signingKey, to: &dumped)
        renderings.append(dumped)
        renderings.append(String(describing: Mirror(reflecting: ledger.signingKey).children.map { "\($0.label ?? ""): \($0.value)" }))

        for rendering in renderings {
            for secret in secrets.forms {
                #expect(!rendering.contains(secret), "\(rendering) shows the private key")
            }
            #expect(!rendering.localizedCaseInsensitiveContains("private key-----"))
        }
        #expect(String(describing: ledger.signingKey).contains(ledger.signingKey.keyID))
    }
}
