import Foundation
import StorefrontTestSupport
import Testing

/// `serve` refusing what an operator in a hurry gives it: a port that does not exist, and a
/// key it cannot create, each one line with its sysexits code.
@Suite("storefront serve: out-of-range ports and files it cannot create (real processes)")
struct ServeRefusalTests {
    @Test("A port above 65535 is refused with exit 64, naming --ssh or --http", arguments: ["99999", "127.0.0.1:65536"])
    func portOutOfRange(port: String) async throws {
        let work = try TemporaryDirectory()
        for (flag, extra) in [("--ssh", []), ("--http", ["--bundle-id", "com.example.tips"])] {
            let refused = try await StorefrontCommand.run(
                ["serve", flag, port, "--catalog", "tipjar", "--in-memory"] + extra,
                environment: ["XDG_DATA_HOME": work.url.path], timeout: .seconds(20)
            )
            #expect(refused.status == 64, "\(flag) \(port): \(refused.stdout) \(refused.stderr)")
            #expect(refused.stderr.contains("\(flag) \"\(port)\""), "\(refused.stderr)")
            #expect(refused.stdout.isEmpty, "it served: \(refused.stdout)")
        }
    }

    @Test("serve --http whose signing key cannot be created (its folder is a file) exits 73 naming the folder")
    func signingKeyCannotBeCreated() async throws {
        let work = try TemporaryDirectory()
        let file = work.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let key = file.appendingPathComponent("keys/app-store-signing-key.pem")
        let refused = try await StorefrontCommand.run(
            ["serve", "--http", "0", "--bundle-id", "com.example.tips", "--catalog", "tipjar", "--in-memory", "--signing-key", key.path],
            environment: ["XDG_DATA_HOME": work.url.path], timeout: .seconds(20)
        )
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("cannot create \(file.appendingPathComponent("keys").path)"), "\(refused.stderr)")
    }

    @Test("serve --http whose --api-keys file cannot be read (it is a folder) exits 66 naming it and why")
    func apiKeysCannotBeRead() async throws {
        let work = try TemporaryDirectory()
        let refused = try await StorefrontCommand.run(
            ["serve", "--http", "0", "--bundle-id", "com.example.tips", "--catalog", "tipjar", "--in-memory", "--api-keys", work.url.path],
            environment: ["XDG_DATA_HOME": work.url.path], timeout: .seconds(20)
        )
        #expect(refused.status == 66, "\(refused.stderr)")
        #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("\(work.url.path): cannot be read: "), "\(refused.stderr)")
    }
}
