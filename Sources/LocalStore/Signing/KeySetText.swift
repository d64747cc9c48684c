import Crypto
import Foundation

/// The text of a store key file: PEM private keys, oldest first, each after an optional
/// `Created: <ISO 8601 date>` line (RFC 7468 lets text sit between PEM blocks).
///
/// A file of one bare PEM key, as stores wrote before key sets, reads as a set of one.
/// Lines starting with `#` are comments; a file `store rotate-key` started begins with
/// `rotationMark`. Errors name the line and never quote it: a damaged line may be key material.
enum KeySetText {
    /// The first line of a key file `store rotate-key` made where there was none: a key set
    /// chosen on purpose for a store whose earlier rows other keys signed.
    static let rotationMark = "# Started by storefront store rotate-key."

    static func encode(_ keys: [StoreSigningKey], startedByRotation: Bool = false) -> String {
        (startedByRotation ? rotationMark + "\n" : "") + keys.map { key in
            let pem = key.privateKeyPEM.hasSuffix("\n") ? key.privateKeyPEM : key.privateKeyPEM + "\n"
            return (key.created.map { "Created: \($0.formatted(.iso8601))\n" } ?? "") + pem
        }.joined()
    }

    static func isStartedByRotation(_ text: String) -> Bool {
        text.hasPrefix(rotationMark)
    }

    static func decode(_ text: String, path: String) throws(LedgerError) -> [StoreSigningKey] {
        func invalid(_ line: Int, _ reason: String) -> LedgerError {
            .invalidKeyFile(path: path, reason: "line \(line): \(reason)")
        }
        var keys: [StoreSigningKey] = []
        var created: (line: Int, date: Date)?
        var block: (line: Int, text: [Substring])?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if var open = block {
                open.text.append(line)
                block = open
                guard line.hasPrefix("-----END ") else { continue }
                guard let key = try? P256.Signing.PrivateKey(pemRepresentation: open.text.joined(separator: "\n")) else {
                    throw invalid(open.line, "the key that begins here is not a PEM-encoded P-256 private key")
                }
                keys.append(StoreSigningKey(privateKey: key, created: created?.date))
                block = nil
                created = nil
            } else if line.hasPrefix("#") {
                continue
            } else if line.hasPrefix("-----BEGIN ") {
                block = (number, [line])
            } else if line.hasPrefix("Created:") {
                let value = line.dropFirst("Created:".count).trimmingCharacters(in: .whitespaces)
                guard created == nil, let date = try? Date(value, strategy: .iso8601) else {
                    throw invalid(number, "expected one Created: line with an ISO 8601 date, such as 2026-01-08T09:30:00Z, before a key")
                }
                created = (number, date)
            } else if !line.allSatisfy(\.isWhitespace) {
                throw invalid(number, "expected a Created: line or -----BEGIN PRIVATE KEY-----")
            }
        }
        if let block {
            throw invalid(block.line, "the key that begins here has no -----END line")
        }
        if let created {
            throw invalid(created.line, "no key follows this Created: line")
        }
        guard !keys.isEmpty else {
            throw .invalidKeyFile(path: path, reason: "no private key in the file")
        }
        return keys
    }
}
