import Foundation
import LocalStore
import PostgresNIO

extension PostgresSession {
    func priceIncreases(account: CustomerAccount) async throws -> [PriceIncrease] {
        try await run("""
            SELECT originalID, productID, price, requiresConsent, status, changedAt FROM priceIncreases
            WHERE account = \(account.id) ORDER BY originalID
            """).compactMap { row in
            let (originalID, productID, price, requiresConsent, status, changedAt) =
                try row.decode((Int64, String, String, Bool, String, Int64).self)
            return PriceIncrease(
                originalID: originalID, productID: productID, priceText: price, requiresConsent: requiresConsent,
                statusText: status, changedAt: changedAt
            )
        }
    }

    func savePriceIncrease(_ increase: PriceIncrease, account: CustomerAccount) async throws {
        let price = "\(increase.price)", status = increase.status.rawValue, changedAt = increase.date.ledgerMilliseconds
        try await run("""
            INSERT INTO priceIncreases (account, originalID, productID, price, requiresConsent, status, changedAt)
            VALUES (\(account.id), \(increase.originalID), \(increase.productID), \(price), \(increase.requiresConsent), \(status), \(changedAt))
            ON CONFLICT (account, originalID) DO UPDATE SET productID = excluded.productID, price = excluded.price,
                requiresConsent = excluded.requiresConsent, status = excluded.status, changedAt = excluded.changedAt
            """)
    }

    func deletePriceIncreases(account: CustomerAccount) async throws {
        try await run("DELETE FROM priceIncreases WHERE account = \(account.id)")
    }

    func productsRemovedFromSale() async throws -> Set<String> {
        Set(try await run("SELECT productID FROM productsRemovedFromSale").map { try $0.decode(String.self) })
    }

    func setRemovedFromSale(_ productID: String, at milliseconds: Int64?) async throws {
        if let milliseconds {
            try await run("""
                INSERT INTO productsRemovedFromSale (productID, removedAt) VALUES (\(productID), \(milliseconds))
                ON CONFLICT (productID) DO NOTHING
                """)
        } else {
            try await run("DELETE FROM productsRemovedFromSale WHERE productID = \(productID)")
        }
    }
}
