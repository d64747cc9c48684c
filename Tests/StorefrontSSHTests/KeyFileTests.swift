import Foundation
import NIOSSH
import StorefrontSSH
import StorefrontTestSupport
import Testing

/// The account a key opens is the fingerprint `ssh-keygen -lf` prints, and an
/// authorized_keys file's mistakes are named by file and line.
@Suite("SSH keys")
struct KeyFileTests {
    @Test(arguments: [("ed25519", [String]()), ("ecdsa", ["-b", "256"])])
    func theAccountIsTheFingerprintSshKeygenPrints(type: String, bits: [String]) async throws {
        let scratch = try TemporaryDirectory()
        let keygen = try #require(ChildProcess.find("ssh-keygen"), "ssh-keygen is not installed")
        let path = scratch.url.appendingPathComponent("key").path
        #expect(try await ChildProcess.run(keygen, ["-q", "-t", type] + bits + ["-N", "", "-f", path]).status == 0)
        let printed = try await ChildProcess.run(keygen, ["-lf", path + ".pub"]).stdout.split(separator: " ")[1]
        let line = try String(contentsOfFile: path + ".pub", encoding: .utf8)
        let key = try NIOSSHPublicKey(openSSHPublicKey: line.split(separator: " ").prefix(2).joined(separator: " "))
        #expect(KeyFingerprint(key).description == String(printed))
        #expect(try AuthorizedKeys(text: "# staff\n\n" + line, file: "keys").admit(KeyFingerprint(key), from: "127.0.0.1") != nil)
    }

    @Test(arguments: [
        ("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ ada", "keys:3: ssh-rsa keys are not accepted; use ssh-ed25519 or ecdsa-sha2-nistp256"),
        ("ssh-ed25519 bm90IGEga2V5 ada", "keys:3: the ssh-ed25519 key does not decode"),
        ("just words", "keys:3: not an OpenSSH public key line (type, base64 key, comment)"),
        (
            #"command="echo a b",no-pty ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHWD5cRhgHb5exZ9Ur3ck6LfuFwBEv6m7E1c2kjEP7uh ada"#,
            #"keys:3: the option command="echo a b" is not supported by serve --ssh; remove it, or the key, from the file (honoured: from=, restrict, no-pty, pty)"#
        ),
        (
            #"from="10.0.0.0/33" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHWD5cRhgHb5exZ9Ur3ck6LfuFwBEv6m7E1c2kjEP7uh ada"#,
            #"keys:3: from="10.0.0.0/33": "10.0.0.0/33" is not an address/bits block like 10.0.0.0/8"#
        ),
    ])
    func aBadLineIsNamedByFileAndLine(line: String, message: String) {
        #expect(throws: SSHServeError.self) { try AuthorizedKeys(text: "# staff\n\n" + line + "\n", file: "keys") }
        do {
            _ = try AuthorizedKeys(text: "# staff\n\n" + line + "\n", file: "keys")
        } catch {
            #expect(error.description == message)
            #expect(error.exitCode == 65)
        }
    }

    @Test(arguments: [
        ("10.0.0.*,!10.0.0.13", "10.0.0.7", true), ("10.0.0.*,!10.0.0.13", "10.0.0.13", false),
        ("192.168.1.0/24", "192.168.1.200", true), ("192.168.1.0/24", "192.168.2.1", false),
        ("fd00::/8", "fd12::1", true), ("10.0.0.0/8", "::ffff:10.1.2.3", true),
        ("127.0.0.?", "127.0.0.1", true), ("127.0.0.?", "127.0.0.12", false), ("!10.0.0.1", "10.0.0.2", false),
    ])
    func fromPatternsMatchAsSshdMatchesThem(patterns: String, address: String, admitted: Bool) throws {
        #expect(try AddressPatterns(patterns).admits(address) == admitted)
    }

    @Test func restrictTakesTheTerminalAndPtyGivesItBack() throws {
        #expect(try KeyOptions("restrict").terminal == false)
        #expect(try KeyOptions("no-pty,no-port-forwarding").terminal == false)
        #expect(try KeyOptions(#"restrict,pty,from="10.0.0.1""#).terminal == true)
    }

    @Test func theHostKeyIsMadeOnceAndKeptPrivate() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.url.appendingPathComponent("nested/host_key").path
        let first = try HostKeyFile.loadOrCreate(at: path)
        let second = try HostKeyFile.loadOrCreate(at: path)
        #expect(first.publicKey == second.publicKey)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        try "not a key\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SSHServeError.self) { try HostKeyFile.loadOrCreate(at: path) }
    }

    /// Servers of one shop started at once, given one new file: none reads a half-written
    /// key (written in place, a second server could read it empty and refuse to start), all
    /// show clients the same host key, and no temporary file is left behind.
    @Test func serversStartedAtOnceAgreeOnOneWholeHostKey() async throws {
        let scratch = try TemporaryDirectory()
        for round in 0..<100 {
            let path = scratch.url.appendingPathComponent("keys\(round)/host_key").path
            let keys = try await withThrowingTaskGroup(of: NIOSSHPublicKey.self) { group in
                for _ in 0..<4 {
                    group.addTask { try HostKeyFile.loadOrCreate(at: path).publicKey }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(keys.map { String(openSSHPublicKey: $0) }).count == 1, "round \(round)")
            let folder = (path as NSString).deletingLastPathComponent
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["host_key"])
        }
    }
}

@Suite("Session limits")
struct SessionLimitsTests {
    @Test func aKeyHasItsShareAndTheStoreItsTotal() {
        var limits = SessionLimits(total: 3, perKey: 2)
        #expect(limits.admit("ada") == nil)
        #expect(limits.admit("ada") == nil)
        #expect(limits.admit("ada") == "Your key already has 2 sessions open here. Close one and try again.")
        #expect(limits.admit("bob") == nil)
        #expect(limits.admit("cy") == "The store is full (3 sessions). Please try again in a few minutes.")
        limits.release("ada")
        #expect(limits.admit("cy") == nil)
        #expect(limits.count == 3)
        var alone = SessionLimits(total: 1, perKey: 1)
        #expect(alone.admit("ada") == nil)
        #expect(alone.admit("ada") == "The store is full (1 session). Please try again in a few minutes.")
    }
}
