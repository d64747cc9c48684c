import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine

/// `storefront store keys [--json]`: the store's key set, oldest first: key IDs, created
/// dates, which key signs and public fingerprints. Never a private key.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List the store's signing keys (public fingerprints only).",
        discussion: """
            A row's JWS header names its key in "kid". The fingerprint is the base64 SHA-256 \
            of the public key's SubjectPublicKeyInfo DER. With --json: {"keyFile":path, \
            "keys":[{"keyID", "created" (ISO 8601 or null for a key made before key sets), \
            "signing" (true for the newest), "publicKeyFingerprint"}]}.
            """
    )

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let keyFile = try storeOptions.keyFile()
        guard FileManager.default.fileExists(atPath: keyFile.path) else {
            throw CommandFailure(
                "no store key at \(keyFile.path): a store makes it when first opened, or run storefront store rotate-key",
                exitCode: .noInput
            )
        }
        try await StoreCommandSupport.run("cannot list the store keys") {
            let set = try StoreKeySet.load(from: keyFile)
            let signing = set.signingKey.keyID
            if json {
                StoreCommandSupport.print(PropertyValue([
                    "keyFile": .string(keyFile.path),
                    "keys": .array(set.keys.map { key in
                        PropertyValue([
                            "keyID": .string(key.keyID),
                            "created": StoreJSON.date(key.created),
                            "signing": .bool(key.keyID == signing),
                            "publicKeyFingerprint": .string(key.publicKeyFingerprint),
                        ])
                    }),
                ]).compactJSON)
                return
            }
            var lines = ["KEY ID                  CREATED               PUBLIC KEY SHA-256 (SPKI DER, BASE64)"]
            for key in set.keys {
                let created = key.created?.formatted(Date.ISO8601FormatStyle()) ?? "unknown"
                let role = key.keyID == signing ? "  signs" : ""
                lines.append(
                    key.keyID.padding(toLength: 22, withPad: " ", startingAt: 0) + "  "
                        + created.padding(toLength: 20, withPad: " ", startingAt: 0) + "  "
                        + key.publicKeyFingerprint + role
                )
            }
            StoreCommandSupport.print(lines.joined(separator: "\n"))
        }
    }
}
