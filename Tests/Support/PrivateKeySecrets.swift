import Foundation
import Testing

/// The private scalars of every PEM P-256 key in a store key file, in every spelling a
/// leak could take: the PEM body, hex either case, base64 and base64url, decimal bytes.
///
/// ```swift
/// let secrets = try PrivateKeySecrets(keyFile: String(contentsOf: keyURL, encoding: .utf8))
/// #expect(!secrets.forms.contains { output.contains($0) })
/// ```
public struct PrivateKeySecrets {
    public private(set) var forms: [String] = []

    public init(keyFile: String) throws {
        var body = ""
        var inKey = false
        for line in keyFile.split(separator: "\n") {
            if line.hasPrefix("-----BEGIN") {
                inKey = true
            } else if line.hasPrefix("-----END") {
                try add(pemBody: body)
                body = ""
                inKey = false
            } else if inKey {
                body += line
            }
        }
        try #require(!forms.isEmpty, "no PEM private key in the key file")
    }

    private mutating func add(pemBody body: String) throws {
        let der = try #require(Data(base64Encoded: body))
        // PKCS#8 wraps the ECPrivateKey, whose scalar follows INTEGER 1, OCTET STRING (32).
        let marker: [UInt8] = [0x02, 0x01, 0x01, 0x04, 0x20]
        let bytes = [UInt8](der)
        let start = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
        let scalar = Data(bytes[(start + marker.count)..<(start + marker.count + 32)])
        let hex = scalar.map { String(format: "%02x", $0) }.joined()
        let base64 = scalar.base64EncodedString()
        forms += [
            body, String(body.prefix(40)), hex, hex.uppercased(), base64,
            base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: ""),
            scalar.map(String.init).joined(separator: ", "),
        ]
    }
}
