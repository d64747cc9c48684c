import ArgumentParser
import Foundation
import PostgresStore
import StorefrontCommandLine

/// `storefront store …`: looking after the store itself rather than a customer's purchases.
///
/// ```
/// storefront store migrate --store postgres://storefront@db.example/shop
/// storefront store keys
/// storefront store rotate-key --store-key /srv/shop/store-key.pem
/// ```
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Look after the store: its database and its signing keys.",
        subcommands: [StoreMigrateCommand.self, KeysCommand.self, RotateKeyCommand.self]
    )
}

/// `storefront store migrate --store postgres://…`: creates or upgrades the schema of a
/// PostgreSQL store, once before any storefront opens it (a SQLite file upgrades itself).
struct StoreMigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Create or upgrade a PostgreSQL store's schema.",
        discussion: "Exits 69 when the server cannot be reached, 77 when it will not sign in (the password: the URL's, else PGPASSWORD, else PGPASSFILE or ~/.pgpass), 65 when its schema is newer than this storefront's or not one a storefront wrote."
    )

    @Option(help: ArgumentHelp("The store, postgres://user@host:port/database (default: $STOREFRONT_STORE).", valueName: "url"))
    var store: Parsed<PostgresAddress>?

    func run() async throws {
        guard let address = try store?.get() ?? PostgresAddress.fromEnvironment(ProcessInfo.processInfo.environment) else {
            throw CommandFailure("store migrate: name the store with --store postgres://… or STOREFRONT_STORE", exitCode: .usage)
        }
        let versions = try await PostgresStorage.migrate(address)
        print(versions.from == versions.to
            ? "\(address): schema version \(versions.to), up to date."
            : "\(address): schema version \(versions.from) → \(versions.to).")
    }
}
