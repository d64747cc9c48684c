import Foundation
@testable import PostgresStore
import StorefrontTestSupport
import Testing

/// verify-full's host-name check, by libpq's rules, on names given and on certificates
/// openssl makes as an operator would.
@Suite("PostgreSQL verify-full: is the server's certificate for the host in the URL") struct PostgresCertificateNameTests {
    @Test("A host name matches the DNS names; the common name counts only when there are none")
    func hostNames() {
        let named = PostgresCertificateNames(dnsNames: ["db1.shop.example", "*.replicas.example"], ipAddresses: [[127, 0, 0, 1]], commonNames: ["localhost"])
        #expect(named.include(host: "db1.shop.example"))
        #expect(named.include(host: "DB1.Shop.Example"))
        #expect(named.include(host: "east.replicas.example"))
        #expect(!named.include(host: "a.east.replicas.example"), "a wildcard stands for one label")
        #expect(!named.include(host: "replicas.example"))
        #expect(!named.include(host: "localhost"), "the common name is ignored beside DNS names")

        let addressOnly = PostgresCertificateNames(dnsNames: [], ipAddresses: [[127, 0, 0, 1]], commonNames: ["127.0.0.1"])
        #expect(!addressOnly.include(host: "localhost"), "an address names no host, whatever it resolves to")

        let oldStyle = PostgresCertificateNames(dnsNames: [], ipAddresses: [], commonNames: ["db.shop.example"])
        #expect(oldStyle.include(host: "db.shop.example"))
        #expect(!oldStyle.include(host: "db2.shop.example"))
        #expect(!PostgresCertificateNames(dnsNames: ["db.shop.example\0.evil.example"], ipAddresses: [], commonNames: []).include(host: "db.shop.example"))
    }

    @Test("An IP address matches the IP addresses or DNS names; the common name only without IP addresses")
    func addresses() {
        let names = PostgresCertificateNames(
            dnsNames: ["10.0.0.9"], ipAddresses: [[127, 0, 0, 1], Array(repeating: 0, count: 15) + [1]], commonNames: ["10.0.0.8"]
        )
        #expect(names.include(host: "127.0.0.1"))
        #expect(names.include(host: "::1"))
        #expect(names.include(host: "[::1]"))
        #expect(names.include(host: "10.0.0.9"))
        #expect(!names.include(host: "10.0.0.8"), "the common name is ignored beside IP addresses")
        #expect(!names.include(host: "127.0.0.2"))
        #expect(PostgresCertificateNames(dnsNames: [], ipAddresses: [], commonNames: ["10.0.0.8"]).include(host: "10.0.0.8"))
    }

    @Test("The names are read from a certificate as openssl writes it: subject alternative names and common name")
    func readFromOpenSSL() async throws {
        let folder = try TemporaryDirectory()
        let key = folder.url.appendingPathComponent("server.key").path
        let der = folder.url.appendingPathComponent("server.der").path
        let made = try await ChildProcess.run("/usr/bin/env", [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/O=Shop/CN=db.shop.example", "-addext", "subjectAltName=DNS:*.shop.example,IP:10.0.0.7,IP:::1,email:ops@shop.example",
            "-keyout", key, "-outform", "DER", "-out", der,
        ])
        try #require(made.status == 0, "\(made.stderr)")
        let names = try PostgresCertificateNames(der: Array(Data(contentsOf: URL(fileURLWithPath: der))))
        #expect(names.dnsNames == ["*.shop.example"])
        #expect(names.ipAddresses == [[10, 0, 0, 7], Array(repeating: 0, count: 15) + [1]])
        #expect(names.commonNames == ["db.shop.example"])
        #expect(names.include(host: "db.shop.example"))
        #expect(!names.include(host: "shop.example"))

        #expect(throws: (any Error).self) { try PostgresCertificateNames(der: [0x30, 0x03, 0x02, 0x01, 0x01]) }
    }
}
