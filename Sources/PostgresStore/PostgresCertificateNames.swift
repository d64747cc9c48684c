#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftASN1

/// The names a server's certificate is for, and whether one of them is the host the URL
/// asked for, by libpq's rules for `sslmode=verify-full`: a host name against the
/// certificate's DNS names (its common name only when it has none), an IP address against
/// its IP addresses and DNS names (its common name only when it has no IP address and no
/// DNS name matched). swift-nio-ssl's own check also takes a certificate for the address
/// connected to, whatever name was asked, which libpq refuses.
///
/// ```swift
/// let names = PostgresCertificateNames(dnsNames: ["*.example.com"], ipAddresses: [], commonNames: [])
/// names.include(host: "db1.example.com")  // true
/// names.include(host: "a.db1.example.com")  // false: a wildcard stands for one label
/// ```
struct PostgresCertificateNames: Sendable, Hashable {
    var dnsNames: [String]
    /// Four bytes for IPv4, sixteen for IPv6.
    var ipAddresses: [[UInt8]]
    var commonNames: [String]

    init(dnsNames: [String], ipAddresses: [[UInt8]], commonNames: [String]) {
        self.dnsNames = dnsNames
        self.ipAddresses = ipAddresses
        self.commonNames = commonNames
    }

    /// Whether the certificate is for `host`, as libpq decides it.
    func include(host: String) -> Bool {
        guard let address = IPAddressBytes(host) else {
            if !dnsNames.isEmpty { return dnsNames.contains { Self.name($0, matches: host) } }
            return commonNames.contains { Self.name($0, matches: host) }
        }
        if ipAddresses.contains(address.bytes) { return true }
        if dnsNames.contains(where: { Self.name($0, matches: host) }) { return true }
        return ipAddresses.isEmpty && commonNames.contains { Self.name($0, matches: host) }
    }

    /// A certificate's name against a host, case aside; `*.rest` stands for one label only.
    static func name(_ pattern: String, matches host: String) -> Bool {
        let pattern = pattern.lowercased(), host = host.lowercased()
        // A name with a NUL in it was forged to read as a shorter one.
        guard !pattern.contains("\0") else { return false }
        guard pattern.hasPrefix("*.") else { return pattern == host }
        let suffix = pattern.dropFirst()  // ".rest"
        guard host.count > suffix.count, host.hasSuffix(suffix) else { return false }
        return !host.dropLast(suffix.count).contains(".")
    }
}

extension PostgresCertificateNames {
    /// The names in a DER certificate: its subject alternative names' DNS names and IP
    /// addresses, and its subject's common names. Throws on DER that is not a certificate.
    init(der: [UInt8]) throws {
        self.init(dnsNames: [], ipAddresses: [], commonNames: [])
        let fields = try Self.children(of: Self.children(of: DER.parse(der)).first)
        // TBSCertificate: [0] version (optional), serial, signature, issuer, validity, subject, key, …
        let positional = fields.filter { $0.identifier.tagClass == .universal }
        guard positional.count >= 6 else { throw ASN1Error.invalidASN1Object(reason: "a certificate has six fields before its extensions") }
        for attribute in try positional[4...4].flatMap(Self.children).flatMap(Self.children) {
            let parts = try Self.children(of: attribute)
            if parts.count == 2, try ASN1ObjectIdentifier(derEncoded: parts[0]) == [2, 5, 4, 3], let text = Self.text(parts[1]) {
                commonNames.append(text)
            }
        }
        let extensions = fields.first { $0.identifier == ASN1Identifier(tagWithNumber: 3, tagClass: .contextSpecific) }
        for field in try Self.children(of: extensions).flatMap(Self.children) {
            let parts = try Self.children(of: field)
            guard let first = parts.first, try ASN1ObjectIdentifier(derEncoded: first) == [2, 5, 29, 17],
                  case .primitive(let value)? = parts.last?.content else { continue }
            for name in try Self.children(of: DER.parse(value)) {
                guard name.identifier.tagClass == .contextSpecific, case .primitive(let bytes) = name.content else { continue }
                switch name.identifier.tagNumber {
                case 2: dnsNames.append(String(decoding: bytes, as: UTF8.self))
                case 7: ipAddresses.append(Array(bytes))
                default: continue
                }
            }
        }
    }

    private static func children(of node: ASN1Node?) throws -> [ASN1Node] {
        guard let node else { return [] }
        guard case .constructed(let nodes) = node.content else {
            throw ASN1Error.invalidASN1Object(reason: "expected a constructed value, found \(node.identifier)")
        }
        return Array(nodes)
    }

    /// A directory string's text (UTF8String, PrintableString, IA5String and the like).
    private static func text(_ node: ASN1Node) -> String? {
        guard case .primitive(let bytes) = node.content else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// An IP literal's bytes, as a certificate holds them; nil for a host name.
struct IPAddressBytes {
    let bytes: [UInt8]

    init?(_ host: String) {
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, literal, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }
}
