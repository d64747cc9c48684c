import Foundation
import LocalStore
import PostgresNIO

extension PostgresSchema {
    /// Offers waiting for a subscription's next renewal, as SQLite's `v5-redeem` has them.
    static let pendingOffers = """
        CREATE TABLE pendingOffers (
            account TEXT NOT NULL,
            originalID BIGINT NOT NULL,
            productID TEXT NOT NULL,
            offerType BIGINT NOT NULL,
            offerID TEXT NOT NULL,
            offerPaymentMode TEXT NOT NULL,
            offerPeriod TEXT NOT NULL CHECK (offerPeriod ~ '^P[0-9]+[DWMY]$'),
            offerPeriodCount BIGINT NOT NULL CHECK (offerPeriodCount > 0),
            price TEXT NOT NULL CHECK (price ~ '^[0-9]+(\\.[0-9]*)?$'),
            redeemedDate BIGINT NOT NULL,
            PRIMARY KEY (account, originalID)
        );
        """
}

extension PostgresSession {
    private static let insertPendingOfferSQL: String = {
        let placeholders = (1...PendingOffer.columns.count).map { "$\($0)" }.joined(separator: ", ")
        return "INSERT INTO pendingOffers (\(PendingOffer.columns.joined(separator: ", "))) VALUES (\(placeholders))"
            + " ON CONFLICT DO NOTHING RETURNING originalID"
    }()

    func pendingOffers(account: CustomerAccount) async throws -> [PendingOffer] {
        try await run("SELECT * FROM pendingOffers WHERE account = \(account.id) ORDER BY originalID")
            .map { try PendingOffer(columns: PostgresColumns($0)) }
    }

    func insertPendingOffer(_ offer: PendingOffer, account: CustomerAccount) async throws -> Bool {
        let binds = try Self.bindings(offer.values(account: account))
        return try await !run(PostgresQuery(unsafeSQL: Self.insertPendingOfferSQL, binds: binds)).isEmpty
    }

    func deletePendingOffers(account: CustomerAccount, originalID: Int64?) async throws {
        if let originalID {
            try await run("DELETE FROM pendingOffers WHERE account = \(account.id) AND originalID = \(originalID)")
        } else {
            try await run("DELETE FROM pendingOffers WHERE account = \(account.id)")
        }
    }
}
