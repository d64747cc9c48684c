import Foundation
import GRDB

extension SQLiteSession {
    func priceIncreases(account: CustomerAccount) async throws -> [PriceIncrease] {
        try channel.perform { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM priceIncreases WHERE account = ? ORDER BY originalID", arguments: [account.id]
            ).compactMap { row in
                try PriceIncrease(
                    originalID: row.decode(forColumn: "originalID"), productID: row.decode(forColumn: "productID"),
                    priceText: row.decode(forColumn: "price"), requiresConsent: row.decode(forColumn: "requiresConsent"),
                    statusText: row.decode(forColumn: "status"), changedAt: row.decode(forColumn: "changedAt")
                )
            }
        }
    }

    func savePriceIncrease(_ increase: PriceIncrease, account: CustomerAccount) async throws {
        try channel.perform { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO priceIncreases (account, originalID, productID, price, requiresConsent, status, changedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    account.id, increase.originalID, increase.productID, "\(increase.price)", increase.requiresConsent,
                    increase.status.rawValue, increase.date.ledgerMilliseconds,
                ]
            )
        }
    }

    func deletePriceIncreases(account: CustomerAccount) async throws {
        try channel.perform { db in
            try db.execute(sql: "DELETE FROM priceIncreases WHERE account = ?", arguments: [account.id])
        }
    }

    func productsRemovedFromSale() async throws -> Set<String> {
        try channel.perform { db in
            Set(try String.fetchAll(db, sql: "SELECT productID FROM productsRemovedFromSale"))
        }
    }

    func setRemovedFromSale(_ productID: String, at milliseconds: Int64?) async throws {
        try channel.perform { db in
            if let milliseconds {
                try db.execute(
                    sql: "INSERT INTO productsRemovedFromSale (productID, removedAt) VALUES (?, ?) ON CONFLICT (productID) DO NOTHING",
                    arguments: [productID, milliseconds]
                )
            } else {
                try db.execute(sql: "DELETE FROM productsRemovedFromSale WHERE productID = ?", arguments: [productID])
            }
        }
    }
}

extension PriceIncrease {
    /// From a stored row; nil for a hand-edited row that no longer reads, which counts as no increase.
    package init?(originalID: Int64, productID: String, priceText: String, requiresConsent: Bool, statusText: String, changedAt: Int64) {
        guard let price = Decimal(string: priceText), let status = Status(rawValue: statusText) else { return nil }
        self.init(
            originalID: originalID, productID: productID, price: price, requiresConsent: requiresConsent, status: status,
            date: Date(ledgerMilliseconds: changedAt)
        )
    }
}
