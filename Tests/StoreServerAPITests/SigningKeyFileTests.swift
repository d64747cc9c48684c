import Crypto
import Foundation
import StoreServerAPI
import Testing

/// The server's signing keys on disk are private from the moment they exist, refused when
/// others may read them, and the same for every server that starts on one folder.
@Suite struct SigningKeyFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signing-key-\(UUID().uuidString)")

    private func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? -1) & 0o777
    }

    @Test func aNewKeyIsWrittenForItsOwnerAloneAndReadBack() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("keys/app-store-signing-key.pem")
        let made = try SigningKeyFile.loadOrCreate(at: file)
        #expect(try mode(file) == 0o600)
        #expect(try SigningKeyFile.loadOrCreate(at: file).rawRepresentation == made.rawRepresentation)
    }

    @Test func aKeyOthersMayReadIsRefusedByName() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app-store-signing-key.pem")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(P256.Signing.PrivateKey().pemRepresentation.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect {
            _ = try SigningKeyFile.loadOrCreate(at: file)
        } throws: { error in
            "\(error)".contains("\(file.path) has mode 0644") && "\(error)".contains("chmod 600")
        }
    }

    @Test func serversStartingTogetherSignWithOneKey() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app-store-signing-key.pem")
        let keys = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 {
                group.addTask { try SigningKeyFile.loadOrCreate(at: file).rawRepresentation }
            }
            return try await group.reduce(into: Set<Data>()) { $0.insert($1) }
        }
        #expect(keys.count == 1)
        #expect(try SigningKeyFile.loadOrCreate(at: file).rawRepresentation == keys.first)
    }

    @Test func aChainsLeafKeyIsReplacedPrivateAndReadBack() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let keyFile = folder.appendingPathComponent("leaf-key.pem")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("left over\n".utf8).write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyFile.path)
        let chain = try SigningChain.issue(now: Date())
        try SigningChainFolder.write(chain, to: folder)
        #expect(try mode(keyFile) == 0o600)
        #expect(try SigningChainFolder.read(from: folder).leafKey.rawRepresentation == chain.leafKey.rawRepresentation)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: keyFile.path)
        #expect(throws: (any Error).self) { try SigningChainFolder.read(from: folder) }
    }
}
