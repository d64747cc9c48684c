import ArgumentParser

/// `storefront store …`: looking after the store itself rather than a customer's purchases.
///
/// ```
/// storefront store keys
/// storefront store rotate-key --store-key /srv/shop/store-key.pem
/// ```
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Look after the store: its signing keys.",
        subcommands: [KeysCommand.self, RotateKeyCommand.self]
    )
}
