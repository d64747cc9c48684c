import Foundation
import LocalStore
import Testing

@Suite("The store's signing key")
struct StoreSigningKeyTests {
    @Test("Created on first use as an owner-only PEM file, and loaded again after")
    func createdOnce() throws {
        let folder = try LedgerFolder()
        let created = try StoreSigningKey.loadOrCreate(at: folder.signingKey)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.signingKey.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let pem = try String(contentsOf: folder.signingKey, encoding: .utf8)
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))

        let loaded = try StoreSigningKey.loadOrCreate(at: folder.signingKey)
        #expect(loaded.keyID == created.keyID)
        #expect(loaded.publicKeyPEM == created.publicKeyPEM)
        #expect(StoreSigningKey.ephemeral().keyID != created.keyID)
    }

    @Test("Openers racing on a new key file all end up with the same key")
    func racingCreators() async throws {
        let folder = try LedgerFolder()
        let url = folder.signingKey
        let keyIDs = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try StoreSigningKey.loadOrCreate(at: url).keyID }
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
        try Data("-----BEGIN PRIVATE KEY-----\nnot base64\n-----END PRIVATE KEY-----\n".utf8).write(to: folder.signingKey)
        let error = #expect(throws: LedgerError.self) { try folder.openLedger() }
        #expect(error == .invalidKeyFile(path: folder.signingKey.path, reason: "not a PEM-encoded P-256 private key"))
        #expect(error?.exitCode == 65)
        #expect(try String(contentsOf: folder.signingKey, encoding: .utf8).contains("not base64"))
        #expect(!FileManager.default.fileExists(atPath: folder.database.path))
    }

    @Test("No description, debug description or dump shows the private key")
    func redacted() throws {
        let folder = try LedgerFolder()
        let ledger = try folder.openLedger()
        let secrets = try PrivateKeySecrets(pem: String(contentsOf: folder.signingKey, encoding: .utf8))

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

/// The private scalar of a PEM P-256 key in every spelling a leak could take.
private struct PrivateKeySecrets {
    var forms: [String] = []

    init(pem: String) throws {
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let der = try #require(Data(base64Encoded: body))
        // PKCS#8 wraps the ECPrivateKey, whose scalar follows INTEGER 1, OCTET STRING (32).
        let marker: [UInt8] = [0x02, 0x01, 0x01, 0x04, 0x20]
        let bytes = [UInt8](der)
        let start = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
        let scalar = Data(bytes[(start + marker.count)..<(start + marker.count + 32)])
        let hex = scalar.map { String(format: "%02x", $0) }.joined()
        let base64 = scalar.base64EncodedString()
        forms = [
            body, String(body.prefix(40)), hex, hex.uppercased(), base64,
            base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: ""),
            scalar.map(String.init).joined(separator: ", "),
        ]
    }
}
