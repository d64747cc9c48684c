import Foundation
import GRDB

/// Offers redeemed for a subscription's next renewal, one per chain (ledger migration
/// `v5-redeem`): PostgreSQL's `PostgresSchema.pendingOffers` has the same columns.
enum PendingOfferSchema {
    static func sqlite(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE pendingOffers (
                account TEXT NOT NULL,
                originalID INTEGER NOT NULL,
                productID TEXT NOT NULL,
                offerType INTEGER NOT NULL,
                offerID TEXT NOT NULL,
                offerPaymentMode TEXT NOT NULL,
                offerPeriod TEXT NOT NULL CHECK (offerPeriod GLOB 'P[0-9]*'),
                offerPeriodCount INTEGER NOT NULL CHECK (offerPeriodCount > 0),
                price TEXT NOT NULL CHECK (price GLOB '[0-9]*' AND price NOT GLOB '*[^0-9.]*' AND price NOT GLOB '*.*.*'),
                redeemedDate INTEGER NOT NULL,
                PRIMARY KEY (account, originalID)
            ) STRICT;
            """)
    }
}

extension SQLiteSession {
    func pendingOffers(account: CustomerAccount) async throws -> [PendingOffer] {
        try channel.perform { db in
            try Row.fetchAll(db, sql: "SELECT * FROM pendingOffers WHERE account = ? ORDER BY originalID", arguments: [account.id])
                .map { try PendingOffer(columns: $0) }
        }
    }

    func insertPendingOffer(_ offer: PendingOffer, account: CustomerAccount) async throws -> Bool {
        let placeholders = Array(repeating: "?", count: PendingOffer.columns.count).joined(separator: ", ")
        return try channel.perform { db in
            try db.execute(
                sql: "INSERT INTO pendingOffers (\(PendingOffer.columns.joined(separator: ", "))) VALUES (\(placeholders)) ON CONFLICT DO NOTHING",
                arguments: StatementArguments(offer.values(account: account).map(\.databaseValue))
            )
            return db.changesCount > 0
        }
    }

    func deletePendingOffers(account: CustomerAccount, originalID: Int64?) async throws {
        try channel.perform { db in
            if let originalID {
                try db.execute(sql: "DELETE FROM pendingOffers WHERE account = ? AND originalID = ?", arguments: [account.id, originalID])
            } else {
                try db.execute(sql: "DELETE FROM pendingOffers WHERE account = ?", arguments: [account.id])
            }
        }
    }
}
