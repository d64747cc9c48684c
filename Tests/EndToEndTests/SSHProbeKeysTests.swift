#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StorefrontTestSupport
import Testing

/// `serve --ssh --authorized-keys` with the options of OpenSSH's file, as the real client
/// meets them (issue 32): `from=`, `restrict`, `pty`, an option not honoured, and SIGHUP.
/// Run in `make test` and in `make check`.
@Suite("storefront serve --ssh: authorized_keys options", .reliabilityRun)
struct SSHProbeKeysTests {
    /// Keys made in `folder`, and the authorized_keys file of `lines` (each "OPTIONS NAME",
    /// the name standing for that key's public line).
    private static func keysFile(_ lines: [String], keys: [String: String], in folder: URL) throws -> String {
        let text = try lines.map { line in
            var words = line.split(separator: " ").map(String.init)
            let name = words.removeLast()
            let publicKey = try String(contentsOfFile: keys[name]! + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            return (words + [publicKey]).joined(separator: " ")
        }.joined(separator: "\n")
        let path = folder.appendingPathComponent("authorized_keys").path
        try (text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Keys made with ssh-keygen, before any server (SSHShop's helper wants one).
    private static func makeKeys(_ names: [String], in folder: URL) async throws -> [String: String] {
        var keys: [String: String] = [:]
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let output = try await ChildProcess.run(try SSHShop.tool("ssh-keygen"), ["-q", "-t", "ed25519", "-N", "", "-f", path])
            try #require(output.status == 0, "ssh-keygen failed: \(output.stderr)")
            keys[name] = path
        }
        return keys
    }

    @Test func fromAndRestrictAreHonoured() async throws {
        let scratch = try TemporaryDirectory()
        let keys = try await Self.makeKeys(["ada", "bob", "cy", "dee"], in: scratch.url)
        let file = try Self.keysFile(
            [#"from="10.0.0.1" ada"#, #"from="127.0.0.0/8,!127.0.0.2" bob"#, "restrict cy", #"restrict,pty,from="127.0.0.?" dee"#],
            keys: keys, in: scratch.url
        )
        let shop = try await SSHShop(SSHServeTests.tipJar + ["--authorized-keys", file], folder: scratch.url)

        let ada = try await shop.exec(key: keys["ada"]!, "transactions")
        #expect(ada.status == 255 && ada.stderr.contains("Permission denied"), "from=10.0.0.1 signed in from 127.0.0.1: \(ada)")

        let bob = try await shop.exec(key: keys["bob"]!, "transactions")
        #expect(bob.status == 0, "\(bob.stderr)")
        let bobElsewhere = try shop.ssh(key: keys["bob"]!, terminal: false, options: ["-b", "127.0.0.2"], command: ["transactions"])
        let excluded = try await ChildProcess.run(bobElsewhere[0], Array(bobElsewhere.dropFirst()), timeout: .seconds(60))
        #expect(excluded.status == 255 && excluded.stderr.contains("Permission denied"), "!127.0.0.2 signed in: \(excluded)")

        // restrict: the read-only commands, but no terminal and so no store.
        let cyCommand = try await shop.exec(key: keys["cy"]!, "transactions")
        #expect(cyCommand.status == 0, "\(cyCommand.stderr)")
        // ssh -tt: the pty is refused, and OpenSSH gives up, as with sshd.
        let cyTerminal = try shop.ssh(key: keys["cy"]!)
        let noPty = try await ChildProcess.run(cyTerminal[0], Array(cyTerminal.dropFirst()), timeout: .seconds(60))
        #expect(noPty.status == 255 && noPty.stderr.contains("PTY allocation request failed"), "\(noPty)")
        // A shell without a pty: refused, saying why and what the key may do.
        let cyShell = try shop.ssh(key: keys["cy"]!, terminal: false)
        let noStore = try await ChildProcess.run(cyShell[0], Array(cyShell.dropFirst()), timeout: .seconds(60))
        #expect(noStore.status == 1, "\(noStore)")
        #expect(noStore.stderr.contains("this key may not open a terminal"), "\(noStore.stderr)")

        // restrict,pty: the store opens.
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: keys["dee"]!)))
        _ = try await tmux.screen(showing: "Consumables")
    }

    @Test func aLineWithAnOptionNotHonouredIsRefusedNamingIt() async throws {
        let scratch = try TemporaryDirectory()
        let keys = try await Self.makeKeys(["ada", "bob"], in: scratch.url)
        let file = try Self.keysFile(["ada", #"command="echo hi",no-pty bob"#], keys: keys, in: scratch.url)
        let serve = try await StorefrontCommand.run(
            ["serve", "--ssh", "0", "--authorized-keys", file] + SSHServeTests.tipJar,
            environment: ["XDG_DATA_HOME": scratch.url.appendingPathComponent("data").path]
        )
        #expect(serve.status == 65, "\(serve)")
        #expect(serve.stderr.contains("\(file):2: the option command=\"echo hi\" is not supported"), "\(serve.stderr)")
    }

    /// SIGHUP rereads the file, as sshd does: a key added is admitted, one removed is
    /// not, a line with an option not honoured is left out with its key and named in the
    /// log, and the server serves on (it used to die with 129).
    @Test func sighupRereadsTheFile() async throws {
        let scratch = try TemporaryDirectory()
        let keys = try await Self.makeKeys(["ada", "bob"], in: scratch.url)
        let file = try Self.keysFile(["ada"], keys: keys, in: scratch.url)
        let shop = try await SSHShop(SSHServeTests.tipJar + ["--authorized-keys", file], folder: scratch.url)
        #expect(try await shop.exec(key: keys["bob"]!, "transactions").status == 255)

        _ = try Self.keysFile(["bob"], keys: keys, in: scratch.url)
        shop.server.send(SIGHUP)
        let deadline = ContinuousClock.now + .seconds(15)
        while !shop.server.stdoutSoFar.contains("reread \(file): 1 key"), !shop.server.hasEnded, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!shop.server.hasEnded, "SIGHUP ended the server")
        #expect(shop.server.stdoutSoFar.contains("reread \(file): 1 key"), "\(shop.server.stdoutSoFar)")
        let bob = try await shop.exec(key: keys["bob"]!, "transactions")
        #expect(bob.status == 0, "\(bob.stderr)")
        let ada = try await shop.exec(key: keys["ada"]!, "transactions")
        #expect(ada.status == 255, "a key removed from the file still signs in: \(ada)")

        _ = try Self.keysFile(["ada", #"environment="A=b" bob"#], keys: keys, in: scratch.url)
        shop.server.send(SIGHUP)
        let bad = "\(file):2: the option environment=\"A=b\" is not supported"
        while !shop.server.stdoutSoFar.contains(bad), !shop.server.hasEnded, ContinuousClock.now < deadline + .seconds(15) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(
            shop.server.stdoutSoFar.contains(bad + " by serve --ssh; remove it, or the key, from the file (honoured: from=, restrict, no-pty, pty); that line's key is not admitted"),
            "\(shop.server.stdoutSoFar)"
        )
        #expect(try await shop.exec(key: keys["ada"]!, "transactions").status == 0)
        #expect(try await shop.exec(key: keys["bob"]!, "transactions").status == 255, "bob signed in without his environment= line")
    }
}
