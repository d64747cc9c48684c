import ArgumentParser
import Foundation
import StorefrontCommandLine

/// `buy --promotional-signature KEY_ID:NONCE:TIMESTAMP:SIGNATURE`: a promotional offer's
/// legacy signature as an app's server hands it over (the signature in base64, as Apple's
/// `PromotionalOfferSignatureCreator` returns it; the timestamp in milliseconds).
struct PromotionalSignature: CommandLineValue, CustomStringConvertible {
    let keyID: String
    let nonce: UUID
    let timestamp: Int
    let signature: Data

    init(commandLine argument: String) throws {
        let parts = argument.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, !parts[0].isEmpty else {
            throw ValidationError("--promotional-signature \"\(argument)\" is not KEY_ID:NONCE:TIMESTAMP:SIGNATURE.")
        }
        guard let nonce = UUID(uuidString: parts[1]) else {
            throw ValidationError("--promotional-signature: the nonce \"\(parts[1])\" is not a UUID.")
        }
        guard let timestamp = Int(parts[2]), timestamp >= 0 else {
            throw ValidationError("--promotional-signature: the timestamp \"\(parts[2])\" is not milliseconds since 1970.")
        }
        guard let signature = Data(base64Encoded: parts[3]), !signature.isEmpty else {
            throw ValidationError("--promotional-signature: the signature is not base64.")
        }
        keyID = parts[0]
        self.nonce = nonce
        self.timestamp = timestamp
        self.signature = signature
    }

    var description: String { "\(keyID):\(nonce.uuidString.lowercased()):\(timestamp):\(signature.base64EncodedString())" }
}
