import ArgumentParser
import Foundation
import LocalStore
import PostgresStore
import StorefrontModel

/// `--store URL`, else `$STOREFRONT_STORE`: a PostgreSQL store shared by many storefronts.
extension PostgresAddress: CommandLineValue {
    package init(commandLine argument: String) throws {
        do {
            try self.init(argument)
        } catch {
            throw ValidationError("--store \(error).")
        }
    }

    /// The environment's store, when it names one.
    package static func fromEnvironment(_ environment: [String: String]) throws -> PostgresAddress? {
        guard let url = environment["STOREFRONT_STORE"], !url.isEmpty else { return nil }
        do {
            return try PostgresAddress(url)
        } catch {
            throw CommandFailure("STOREFRONT_STORE=\(error).", exitCode: .usage)
        }
    }

    /// Opens the store's ledger, signed with the key set `storeKey` names, else the one beside
    /// `keyLocation`; failures as the CLI reports them (unreachable 69, no or another schema 65).
    package func openLedger(keyBeside keyLocation: LedgerLocation, storeKey: URL?, clock: StoreClock) async throws -> Ledger {
        let storage = try await PostgresStorage.open(self)
        return try Ledger(storage: storage, keyBeside: keyLocation, storeKey: storeKey, clock: clock)
    }
}
