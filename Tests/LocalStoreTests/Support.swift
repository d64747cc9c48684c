import Foundation
import GRDB
import LocalStore
import StorefrontModel

/// A private folder for one test's ledger, removed when the test is done.
final class LedgerFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("LocalStoreTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var database: URL { url.appendingPathComponent("ledger.sqlite") }
    var signingKey: URL { url.appendingPathComponent("store-key.pem") }

    func openLedger(clock: StoreClock = Sample.stoppedClock()) throws -> Ledger {
        try Ledger(location: .path(database), environment: [:], clock: clock)
    }

    /// Writes `text` to `url`, readable by its owner alone, as a key file must be.
    func writePrivateFile(_ url: URL, _ text: String) throws {
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }

    /// Changes the file behind the ledger's back, as someone with `sqlite3` would.
    func edit(_ sql: String, _ arguments: StatementArguments = []) throws {
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { try $0.execute(sql: sql, arguments: arguments) }
    }

    func column(_ name: String, ofTransaction id: Int64) throws -> String? {
        let queue = try DatabaseQueue(path: database.path)
        return try queue.read { try String.fetchOne($0, sql: "SELECT \(name) FROM transactions WHERE id = ?", arguments: [id]) }
    }
}

/// Purchases with every kind of field filled, at fixed dates.
enum Sample {
    /// Has sub-millisecond digits on purpose: the ledger keeps milliseconds.
    static let purchaseDate = Date(timeIntervalSince1970: 1_760_000_000.1234)
    static let signingDate = Date(timeIntervalSince1970: 1_760_000_100)
    static let month: TimeInterval = 30 * 86_400

    /// A store clock at `signingDate` on a virtual clock of its own, which nothing moves.
    static func stoppedClock() -> StoreClock {
        StoreClock(VirtualClock(), startingAt: signingDate)
    }

    static func consumable(_ productID: String = "nectar.jar") -> LedgerPurchase {
        LedgerPurchase(
            productID: productID, productType: .consumable, purchaseDate: purchaseDate, purchasedQuantity: 3,
            storefront: "JPN", price: Decimal(string: "480"), currency: "JPY"
        )
    }

    static func subscription(_ productID: String = "pass.premium.monthly") -> LedgerPurchase {
        LedgerPurchase(
            productID: productID, productType: .autoRenewable, purchaseDate: purchaseDate,
            expirationDate: purchaseDate.addingTimeInterval(month),
            offerType: .introductory, offerID: "intro.week", offerPaymentMode: .freeTrial,
            storefront: "GBR", appAccountToken: UUID(uuidString: "6F1C0F7A-3C2E-4B6B-9C55-2D7A5E0B1F42"),
            price: Decimal(string: "4.99"), currency: "GBP", subscriptionGroupID: "pass"
        )
    }
}
