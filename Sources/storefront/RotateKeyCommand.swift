import ArgumentParser
import Foundation
import LocalStore
import StorefrontCommandLine

/// `storefront store rotate-key`: adds a new key to the store's key set and makes it the one
/// that signs; rows signed before keep verifying by their key ID.
struct RotateKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-key",
        abstract: "Add a new store key and sign new transactions with it.",
        discussion: """
            The key file is replaced whole (a 0600 temporary file, fsynced, renamed over it), \
            and rotations at the same moment each keep their key. Processes already running \
            sign with the key they loaded until they start again. Prints the new key's ID.
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let keyFile = try storeOptions.keyFile()
        try await StoreCommandSupport.run("cannot rotate the store key") {
            let keys = try StoreKeySet.rotate(at: keyFile)
            StoreCommandSupport.print(
                "\(keyFile.path): new transactions are signed by key \(keys.signingKey.keyID) (\(keys.keys.count) keys)"
            )
        }
    }
}
