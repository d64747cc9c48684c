import Foundation
import GRDB

/// A price increase of one subscription chain for its existing subscriber, App Store
/// Connect's raised price: the catalog keeps its price, the ledger keeps this, and the
/// renewals after it bill `price` once the customer agreed (or at once when no consent is
/// needed). Store bookkeeping, not signed: the renewal it bills is.
///
/// ```swift
/// let increase = PriceIncrease(originalID: 7, productID: "pass.monthly", price: 4.99,
///                              requiresConsent: true, status: .pending, date: now)
/// ```
public struct PriceIncrease: Sendable, Hashable {
    /// Where the customer stands on it, StoreKit Testing's consent and decline.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Waiting for the customer's consent.
        case pending
        /// Agreed to, or told of an increase that needs no consent.
        case accepted
        /// Refused: the subscription does not renew at the new price.
        case declined
    }

    /// The chain's original transaction ID.
    public var originalID: Int64
    /// The product whose price rose; a chain that renews as another product is not subject to it.
    public var productID: String
    public var price: Decimal
    public var requiresConsent: Bool
    public var status: Status
    /// Store time of the increase: renewals from then on are subject to it.
    public var date: Date

    public init(originalID: Int64, productID: String, price: Decimal, requiresConsent: Bool, status: Status, date: Date) {
        self.originalID = originalID
        self.productID = productID
        self.price = price
        self.requiresConsent = requiresConsent
        self.status = status
        self.date = date
    }
}

/// The price-change tables (ledger migration `v5-price`; the same on PostgreSQL): price
/// increases per chain, and the products removed from sale, for every account.
package enum PriceChangeSchema {
    static func sqlite(_ db: GRDB.Database) throws {
        try db.execute(sql: """
            CREATE TABLE priceIncreases (
                account TEXT NOT NULL,
                originalID INTEGER NOT NULL,
                productID TEXT NOT NULL,
                price TEXT NOT NULL,
                requiresConsent INTEGER NOT NULL CHECK (requiresConsent IN (0, 1)),
                status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined')),
                changedAt INTEGER NOT NULL,
                PRIMARY KEY (account, originalID)
            ) STRICT;
            CREATE TABLE productsRemovedFromSale (
                productID TEXT PRIMARY KEY NOT NULL,
                removedAt INTEGER NOT NULL
            ) STRICT;
            """)
    }

    /// PostgreSQL's migration text: a statement a line, each ending in ";".
    package static let postgres = """
        CREATE TABLE priceIncreases (
            account TEXT NOT NULL,
            originalID BIGINT NOT NULL,
            productID TEXT NOT NULL,
            price TEXT NOT NULL,
            requiresConsent BOOLEAN NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined')),
            changedAt BIGINT NOT NULL,
            PRIMARY KEY (account, originalID)
        );
        CREATE TABLE productsRemovedFromSale (
            productID TEXT PRIMARY KEY,
            removedAt BIGINT NOT NULL
        );
        """
}
