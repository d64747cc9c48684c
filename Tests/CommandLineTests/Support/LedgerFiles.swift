import Foundation
import GRDB
import StorefrontTestSupport

/// A test's own ledger: `--ledger` at `database`, the store key the command makes beside it.
extension TemporaryDirectory {
    var database: URL { url.appendingPathComponent("ledger.sqlite") }
    var signingKey: URL { url.appendingPathComponent("store-key.pem") }

    /// Changes the ledger file behind the commands' back, as someone with `sqlite3` would.
    func edit(_ sql: String) throws {
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { try $0.execute(sql: sql) }
    }
}
