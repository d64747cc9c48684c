import Foundation
import StorefrontTestSupport
import Testing

/// TLS to PostgreSQL as libpq users ask for it in the URL (`sslmode`, `sslrootcert`,
/// `sslcert`, `sslkey`), against clusters of each test's own with a test CA.
@Suite("storefront --store postgres://…?sslmode=… (real processes, real TLS clusters)")
struct PostgresTLSTests {
    static let feeder = "com.example.backyardbirds.feeder.copper"

    /// Where the store key lives, and HOME: no ~/.postgresql of the machine's is read.
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private func storefront(_ arguments: [String], store: String) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(
            arguments + ["--store", store], environment: ["XDG_DATA_HOME": data.url.path, "HOME": data.url.path]
        )
    }

    /// `url` with `parameters` as its query.
    private func url(_ url: String, _ parameters: String) -> String {
        url + "?" + parameters
    }

    @Test("verify-full with the test CA migrates, buys and lists; the server saw TLS, as it turns plain TCP away")
    func verifiedTLS() async throws {
        try await PostgresServer.with(tls: true) { server in
            let store = url(server.url, "sslmode=verify-full&sslrootcert=\(server.certificate("ca.crt"))")
            let migrated = try await storefront(["store", "migrate"], store: store)
            #expect(migrated.status == 0, "\(migrated.stderr)")
            let bought = try await storefront(["buy", Self.feeder, "--account", "alice"], store: store)
            #expect(bought.status == 0, "\(bought.stderr)")

            // verify-ca checks the signature but not the name: localhost is not in the certificate.
            let byName = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let listed = try await storefront(
                ["transactions", "--account", "alice", "--json"],
                store: url(byName, "sslmode=verify-ca&sslrootcert=\(server.certificate("ca.crt"))")
            )
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(try listed.array().map { $0["productID"] as? String } == [Self.feeder])

            // require encrypts without checking the certificate, as libpq's does.
            #expect(try await storefront(["transactions", "--account", "alice"], store: url(server.url, "sslmode=require")).status == 0)

            let plain = try await storefront(["transactions"], store: url(server.url, "sslmode=disable"))
            #expect(plain.status == 77, "the server's pg_hba.conf refuses TCP without TLS: \(plain.stderr)")
            #expect(plain.stderr.contains("no encryption"), "\(plain.stderr)")
        }
    }

    @Test("A certificate from another CA, or for another host name: one line each, exit 69")
    func unverifiedCertificates() async throws {
        try await PostgresServer.with(tls: true) { server in
            let otherCA = server.certificate("other-ca.crt")
            let untrusted = try await storefront(["store", "migrate"], store: url(server.url, "sslmode=verify-full&sslrootcert=\(otherCA)"))
            #expect(untrusted.status == 69)
            #expect(untrusted.stderrLines.count == 1, "\(untrusted.stderr)")
            #expect(untrusted.stderr.contains("the server's certificate does not verify against \(otherCA)"), "\(untrusted.stderr)")

            let byName = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let misnamed = try await storefront(
                ["store", "migrate"], store: url(byName, "sslmode=verify-full&sslrootcert=\(server.certificate("ca.crt"))")
            )
            // The certificate names 127.0.0.1 only, where localhost resolves: libpq refuses it,
            // and so does the store (swift-nio-ssl alone would take it).
            #expect(misnamed.status == 69)
            #expect(misnamed.stderrLines.count == 1, "\(misnamed.stderr)")
            #expect(misnamed.stderr.contains("the server's certificate is not for localhost"), "\(misnamed.stderr)")

            let noRoot = try await storefront(["store", "migrate"], store: url(server.url, "sslmode=verify-full"))
            #expect(noRoot.status == 74)
            #expect(noRoot.stderr.contains("sslrootcert="), "\(noRoot.stderr)")
        }
    }

    @Test("sslmode=require at a server without TLS: one line, exit 69; prefer (the default) connects in plain text")
    func serverWithoutTLS() async throws {
        try await PostgresServer.with(tls: false) { server in
            let required = try await storefront(["store", "migrate"], store: url(server.url, "sslmode=require"))
            #expect(required.status == 69)
            #expect(required.stderrLines.count == 1, "\(required.stderr)")
            #expect(required.stderr.contains("the server does not offer TLS, and sslmode=require requires it"), "\(required.stderr)")

            #expect(try await storefront(["store", "migrate"], store: url(server.url, "sslmode=prefer")).status == 0)
            let bought = try await storefront(["buy", Self.feeder], store: server.url)
            #expect(bought.status == 0, "\(bought.stderr)")
        }
    }

    @Test("A client certificate signs in a role that needs one; without it 77; a key file others may read is refused, 77")
    func clientCertificate() async throws {
        try await PostgresServer.with(tls: true) { server in
            let certified = server.url.replacingOccurrences(of: "storefront@", with: "certified@")
            let root = "sslmode=verify-full&sslrootcert=\(server.certificate("ca.crt"))"
            let key = data.url.appendingPathComponent("client.key")
            try FileManager.default.copyItem(atPath: server.certificate("client.key"), toPath: key.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key.path)
            let withCertificate = url(certified, root + "&sslcert=\(server.certificate("client.crt"))&sslkey=\(key.path)")

            let migrated = try await storefront(["store", "migrate"], store: withCertificate)
            #expect(migrated.status == 0, "\(migrated.stderr)")
            #expect(try await storefront(["buy", Self.feeder], store: withCertificate).status == 0)

            let without = try await storefront(["transactions"], store: url(certified, root))
            #expect(without.status == 77)
            #expect(without.stderr.contains("certificate"), "\(without.stderr)")

            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key.path)
            let open = try await storefront(["transactions"], store: withCertificate)
            #expect(open.status == 77)
            #expect(open.stderrLines.count == 1, "\(open.stderr)")
            #expect(open.stderr.contains("\(key.path) has mode 0644, so others may read it"), "\(open.stderr)")
        }
    }

    @Test("A store URL whose port is not PostgreSQL's (a web server answers): one line, exit 69, asking whether it is PostgreSQL")
    func notPostgreSQL() async throws {
        // Answers every connection as a web server would, whatever it was sent.
        let (server, port) = try await Self.fakeServer(handling: """
            c.recv(8); c.sendall(b"HTTP/1.1 400 Bad Request\\r\\nContent-Length: 0\\r\\n\\r\\n"); c.close()
            """, portFile: data.url.appendingPathComponent("port").path)
        defer { server.kill() }
        let answered = try await storefront(["transactions"], store: "postgres://storefront@127.0.0.1:\(port)/storefront")
        #expect(answered.status == 69)
        #expect(answered.stderrLines.count == 1, "\(answered.stderr)")
        #expect(answered.stderr.contains("answered the TLS request with 47 bytes, where PostgreSQL answers with one (S or N): is it PostgreSQL?"), "\(answered.stderr)")
    }

    @Test("A server that resets every connection as it takes it (a primary being killed): exit 69 in one line, each time, never a crash")
    func connectionsReset() async throws {
        // The connection closed before the TLS request is even written: it was a debug
        // build's crash (a promise left waiting) 8 times in 12, and exit 74 "cannot write"
        // for a purchase on a pooled connection.
        let (server, port) = try await Self.fakeServer(handling: """
            c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)); c.close()
            """, portFile: data.url.appendingPathComponent("port").path)
        defer { server.kill() }
        for _ in 0..<8 {
            let bought = try await storefront(["buy", Self.feeder], store: "postgres://storefront@127.0.0.1:\(port)/storefront")
            #expect(bought.status == 69, "\(bought.stderr)")
            #expect(bought.stderrLines.count == 1, "\(bought.stderr)")
            #expect(bought.stderr.hasPrefix("storefront: cannot reach the store postgres://storefront@127.0.0.1:\(port)/storefront: "), "\(bought.stderr)")
        }
    }

    /// A local server (Python) doing `handling` with each connection `c` it accepts, and its
    /// port, read from `portFile` once written whole (by a rename).
    private static func fakeServer(handling: String, portFile: String) async throws -> (ChildProcess, String) {
        let server = try ChildProcess("/usr/bin/env", ["python3", "-c", """
            import os, socket, struct, sys
            s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(64)
            with open(sys.argv[1] + ".new", "w") as f:
                f.write(str(s.getsockname()[1]))
            os.rename(sys.argv[1] + ".new", sys.argv[1])
            while True:
                c, _ = s.accept()
                \(handling)
            """, portFile])
        var port: String?
        for _ in 0..<400 where port == nil {
            port = try? String(contentsOfFile: portFile, encoding: .utf8)
            if port == nil { try await Task.sleep(for: .milliseconds(25)) }
        }
        guard let port else {
            server.kill()
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: portFile])
        }
        return (server, port)
    }

    @Test("An sslmode libpq has but postgres-nio cannot do, or sslcert without sslkey: exit 64 naming the parameter")
    func badParameters() async throws {
        let unknown = try await storefront(["transactions"], store: "postgres://shop@127.0.0.1:9/shop?sslmode=allow")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("sslmode=allow is not one of disable, prefer, require, verify-ca, verify-full"), "\(unknown.stderr)")
        let half = try await storefront(["transactions"], store: "postgres://shop@127.0.0.1:9/shop?sslcert=/tmp/c.crt")
        #expect(half.status == 64)
        #expect(half.stderr.contains("sslcert= and sslkey= go together"), "\(half.stderr)")
    }
}
