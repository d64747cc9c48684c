import Foundation
import GRDB
import StorefrontTestSupport
import Testing

/// `storefront store keys`, `store rotate-key` and `--store-key`, run as real processes.
@Suite("storefront store keys, rotate-key and --store-key (real processes)")
struct StoreKeyCommandTests {
    static let seeds = "com.example.backyardbirds.food.sunflower"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await storefront(arguments)
    }

    /// The `kid` in the JWS header of each row of the ledger at `database`, by transaction ID.
    private func keyIDs(_ database: URL) throws -> [String] {
        let jwsValues = try DatabaseQueue(path: database.path).read { try String.fetchAll($0, sql: "SELECT jws FROM transactions ORDER BY id") }
        return try jwsValues.map { jws in
            var header = String(jws.prefix { $0 != "." }).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            header += String(repeating: "=", count: (4 - header.count % 4) % 4)
            let object = try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: header))) as? [String: String]
            return try #require(object?["kid"])
        }
    }

    private func keys(_ arguments: String...) async throws -> [[String: Any]] {
        let listed = try await storefront(["store", "keys", "--json"] + arguments)
        try #require(listed.status == 0, "\(listed.stderr)")
        return try #require(try listed.object()["keys"] as? [[String: Any]])
    }

    private func storefront(_ arguments: [String]) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path])
    }

    @Test("Buy, rotate-key, buy: both verify; the second row's kid is the new key, which keys marks as signing")
    func buyRotateBuy() async throws {
        #expect(try await storefront("buy", Self.seeds).status == 0)
        let rotated = try await storefront("store", "rotate-key")
        #expect(rotated.status == 0, "\(rotated.stderr)")
        #expect(try await storefront("buy", Self.seeds).status == 0)

        let transactions = try await storefront("transactions", "--json").array()
        #expect(transactions.map { $0["verified"] as? Bool } == [true, true])
        let keys = try await keys()
        let keyIDs = keys.compactMap { $0["keyID"] as? String }
        #expect(keyIDs.count == 2)
        #expect(keys.map { $0["signing"] as? Bool } == [false, true])
        #expect(try self.keyIDs(folder.database) == keyIDs)
        #expect(rotated.stdout == "\(folder.signingKey.path): new transactions are signed by key \(keyIDs[1]) (2 keys)\n")
        for key in keys {
            let fingerprint = try #require(key["publicKeyFingerprint"] as? String)
            #expect(Data(base64Encoded: fingerprint)?.count == 32)
            #expect(key["created"] is String)
        }
    }

    @Test("store keys prints key IDs, dates and public fingerprints, never a private key")
    func keysNeverShowPrivateKeys() async throws {
        #expect(try await storefront("store", "rotate-key").status == 0)
        #expect(try await storefront("store", "rotate-key").status == 0)
        let outputs = [try await storefront("store", "keys"), try await storefront("store", "keys", "--json")]
        let secrets = try PrivateKeySecrets(keyFile: String(contentsOf: folder.signingKey, encoding: .utf8))
        #expect(secrets.forms.count == 2 * 7)
        let keyIDs = try await keys().compactMap { $0["keyID"] as? String }
        for output in outputs {
            #expect(output.status == 0 && output.stderr.isEmpty)
            #expect(!output.stdout.contains("PRIVATE KEY"))
            for secret in secrets.forms {
                #expect(!output.stdout.contains(secret), "store keys printed a private key")
            }
            #expect(keyIDs.allSatisfy(output.stdout.contains))
        }
        let table = outputs[0].stdoutLines
        #expect(table.count == 3)
        #expect(table.first?.hasPrefix("KEY ID") == true)
        #expect(table.last?.hasPrefix(keyIDs[1]) == true && table.last?.hasSuffix("  signs") == true)
        #expect(table[1].hasPrefix(keyIDs[0]) && !table[1].hasSuffix("signs"))
    }

    @Test("Two ledgers given one --store-key sign with its key; nothing is made beside them")
    func sharedStoreKey() async throws {
        let keyFile = folder.url.appendingPathComponent("shared/team-key.pem")
        try FileManager.default.createDirectory(at: keyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let other = folder.url.appendingPathComponent("other/ledger.sqlite")
        for ledger in [folder.database, other] {
            let bought = try await StorefrontCommand.run(["buy", Self.seeds, "--ledger", ledger.path, "--store-key", keyFile.path])
            #expect(bought.status == 0, "\(bought.stderr)")
        }
        let keyIDs = try await keys("--store-key", keyFile.path).compactMap { $0["keyID"] as? String }
        #expect(keyIDs.count == 1)
        #expect(try self.keyIDs(folder.database) == keyIDs)
        #expect(try self.keyIDs(other) == keyIDs)
        #expect(!FileManager.default.fileExists(atPath: folder.signingKey.path))
        let attributes = try FileManager.default.attributesOfItem(atPath: keyFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("A key file others may read is refused naming it and its mode, exit 77; a malformed one naming the line, exit 65")
    func refusedKeyFiles() async throws {
        let keyFile = folder.url.appendingPathComponent("key.pem")
        #expect(try await storefront("store", "rotate-key", "--store-key", keyFile.path).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyFile.path)
        for command in [["buy", Self.seeds], ["store", "keys"], ["store", "rotate-key"], ["transactions"]] {
            let refused = try await storefront(command + ["--store-key", keyFile.path])
            #expect(refused.status == 77, "\(command): \(refused.stderr)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderrLines.count == 1 && refused.stderr.contains("\(keyFile.path) has mode 0644"), "\(refused.stderr)")
        }

        try Data("Created: 2026-01-08T09:30:00Z\nnot a key\n".utf8).write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        let malformed = try await storefront("buy", Self.seeds, "--store-key", keyFile.path)
        #expect(malformed.status == 65)
        #expect(malformed.stderrLines == ["storefront: store key \(keyFile.path): line 2: expected a Created: line or -----BEGIN PRIVATE KEY-----"])
        #expect(try await storefront("transactions").status == 0, "the ledger's own key is untouched")
    }

    @Test("store keys with no key file exits 66; an in-memory ledger's key cannot be listed without --store-key, 64")
    func nothingToList() async throws {
        let missing = try await storefront("store", "keys")
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no store key at \(folder.signingKey.path)"))
        let inMemory = try await StorefrontCommand.run(["store", "rotate-key", "--in-memory"])
        #expect(inMemory.status == 64)
        #expect(inMemory.stderr.contains("--store-key"))
    }

    @Test("Two processes rotating the same key file at once lose no key")
    func concurrentRotation() async throws {
        let rounds = 10
        var added: [String] = []
        for _ in 0..<rounds {
            let pair = try (0..<2).map { _ in
                try StorefrontCommand.start(["store", "rotate-key", "--ledger", folder.database.path])
            }
            for process in pair {
                let rotated = await process.wait()
                try #require(rotated.status == 0, "\(rotated.stderr)")
                // "PATH: new transactions are signed by key ID (N keys)"
                added.append(try #require(rotated.stdout.split(separator: " ").dropLast(2).last.map(String.init)))
            }
        }
        let keyIDs = try await keys().compactMap { $0["keyID"] as? String }
        #expect(keyIDs.count == 2 * rounds)
        #expect(Set(keyIDs) == Set(added))
    }
}
