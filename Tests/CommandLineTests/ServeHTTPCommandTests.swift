import Foundation
import StorefrontTestSupport
import Testing

/// `serve --http` and `serve api-keys add` refusing what they cannot use, with sysexits codes.
@Suite struct ServeHTTPCommandTests {
    @Test func serveWantsSomethingToServeAndHTTPWantsABundleID() async throws {
        let work = try TemporaryDirectory()
        let environment = ["XDG_DATA_HOME": work.url.path]
        let nothing = try await StorefrontCommand.run(["serve", "--in-memory"], environment: environment)
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("say what to serve"))
        let noBundle = try await StorefrontCommand.run(["serve", "--http", "0", "--in-memory"], environment: environment)
        #expect(noBundle.status == 64)
        #expect(noBundle.stderr.contains("--bundle-id"))
        let badHook = try await StorefrontCommand.run(
            ["serve", "--http", "0", "--bundle-id", "com.example", "--notify", "ftp://x", "--in-memory"], environment: environment
        )
        #expect(badHook.status == 64)
        #expect(badHook.stderr.contains("--notify \"ftp://x\""))
        let badLimit = try await StorefrontCommand.run(
            ["serve", "--http", "0", "--bundle-id", "com.example", "--rate-limit", "lots", "--in-memory"], environment: environment
        )
        #expect(badLimit.status == 64)
        #expect(badLimit.stderr.contains("--rate-limit"))
        for (option, value) in [("--http-header-timeout", "soon"), ("--http-body-timeout", "0s"), ("--http-idle", "forever"), ("--http-max-connections", "0")] {
            let refused = try await StorefrontCommand.run(
                ["serve", "--http", "0", "--bundle-id", "com.example", option, value, "--in-memory"], environment: environment
            )
            #expect(refused.status == 64, "\(option) \(value)")
            #expect(refused.stderr.contains("\(option) "), "\(option) \(value): \(refused.stderr)")
        }
    }

    @Test func apiKeysAddKeepsThePublicKeyAndRefusesOtherFiles() async throws {
        let work = try TemporaryDirectory()
        let environment = ["XDG_DATA_HOME": work.url.path]
        let notAKey = work.url.appendingPathComponent("note.pem")
        try Data("hello".utf8).write(to: notAKey)
        let refused = try await StorefrontCommand.run(["serve", "api-keys", "add", "issuer", "KEY1", notAKey.path], environment: environment)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("not a P-256 (ES256) key in PEM"))
        let missing = try await StorefrontCommand.run(["serve", "api-keys", "add", "issuer", "KEY1", "/no/such.pem"], environment: environment)
        #expect(missing.status == 66)
        // A P-256 public key in PEM, as `openssl ec -pubout` writes it.
        let pem = work.url.appendingPathComponent("AuthKey.pub.pem")
        try Data("""
            -----BEGIN PUBLIC KEY-----
            MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEXU9T3zEqIQfQ3PmVwapbFfWbwW9u
            wLmOKwpso+OSJ12dajfUEw16rRfkQDHELYxd4RF102EG4bW+FdlYiT+tCA==
            -----END PUBLIC KEY-----
            """.utf8).write(to: pem)
        let added = try await StorefrontCommand.run(["serve", "api-keys", "add", "issuer", "KEY1", pem.path], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let file = work.url.appendingPathComponent("storefront/api-keys")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("issuer KEY1 MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let badID = try await StorefrontCommand.run(["serve", "api-keys", "add", "issuer", "KEY 2", pem.path], environment: environment)
        #expect(badID.status == 65)
    }

    @Test func aSigningKeyOthersMayReadIsRefusedAsTheStoreKeyIs() async throws {
        let work = try TemporaryDirectory()
        let environment = ["XDG_DATA_HOME": work.url.path]
        let chain = work.url.appendingPathComponent("chain")
        let made = try await StorefrontCommand.run(["serve", "certs", "--folder", chain.path], environment: environment)
        #expect(made.status == 0, "\(made.stderr)")
        let key = chain.appendingPathComponent("leaf-key.pem")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key.path)
        let refusal = "storefront: key file \(key.path) has mode 0644, so others may read it; it must be readable by its owner alone (chmod 600 \(key.path))"
        for signing in [["--signing-key", key.path], ["--certificates", chain.path, "--environment", "Sandbox"]] {
            let refused = try await StorefrontCommand.run(
                ["serve", "--http", "0", "--bundle-id", "com.example", "--in-memory"] + signing, environment: environment
            )
            #expect(refused.status == 77, "\(signing): \(refused.stderr)")
            #expect(refused.stderrLines.last == refusal, "\(signing)")
        }
    }

    @Test func certsKeepsAChainUnlessForcedAndSandboxNeedsOne() async throws {
        let work = try TemporaryDirectory()
        let environment = ["XDG_DATA_HOME": work.url.path]
        let made = try await StorefrontCommand.run(["serve", "certs"], environment: environment)
        #expect(made.status == 0, "\(made.stderr)")
        let folder = work.url.appendingPathComponent("storefront/app-store-certificates")
        let root = try Data(contentsOf: folder.appendingPathComponent("root-ca.cer"))
        #expect(root.first == 0x30, "DER: a SEQUENCE")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("leaf-key.pem").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let again = try await StorefrontCommand.run(["serve", "certs"], environment: environment)
        #expect(again.status == 73)
        #expect(try Data(contentsOf: folder.appendingPathComponent("root-ca.cer")) == root)
        let forced = try await StorefrontCommand.run(["serve", "certs", "--force"], environment: environment)
        #expect(forced.status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("root-ca.cer")) != root)
        let sandbox = try await StorefrontCommand.run(
            ["serve", "--http", "0", "--bundle-id", "com.example", "--environment", "Sandbox", "--in-memory"], environment: environment
        )
        #expect(sandbox.status == 64)
        #expect(sandbox.stderr.contains("needs --certificates"))
    }

    @Test func sshAndHTTPServeFromOneProcessAndStopTogether() async throws {
        let work = try TemporaryDirectory()
        let server = try StorefrontCommand.start(
            ["serve", "--ssh", "0", "--http", "0", "--bundle-id", "com.example", "--in-memory"],
            environment: ["XDG_DATA_HOME": work.url.path]
        )
        defer { server.kill() }
        for _ in 0..<600 where server.stdoutSoFar.components(separatedBy: "\n").count < 3 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(server.stdoutSoFar.contains("serving over SSH on 127.0.0.1:"))
        #expect(server.stdoutSoFar.contains("serving the App Store Server API for com.example on http://127.0.0.1:"))
        // storefront became storefront-serve (exec, not a child), so the signal reaches the server.
        let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(server.pid)/exe")
        #expect(program.hasSuffix("/storefront-serve"))
        server.send(SIGTERM)
        let output = await server.wait(timeout: .seconds(30))
        #expect(output.status == 0, "\(output.stderr)")
    }
}
