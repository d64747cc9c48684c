import GRDB

/// The ledger's tables, as migrations. A migration, once shipped, never changes.
enum LedgerSchema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // STRICT tables and CHECKs reject wrongly typed hand edits outright,
            // so every row a reader meets decodes; the signature catches the rest.
            try db.execute(sql: """
                CREATE TABLE transactions (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    originalID INTEGER NOT NULL,
                    productID TEXT NOT NULL,
                    productType TEXT NOT NULL,
                    purchaseDate INTEGER NOT NULL,
                    originalPurchaseDate INTEGER NOT NULL,
                    expirationDate INTEGER,
                    revocationDate INTEGER,
                    revocationReason INTEGER,
                    purchasedQuantity INTEGER NOT NULL,
                    offerType INTEGER,
                    offerID TEXT,
                    offerPaymentMode TEXT,
                    isUpgraded INTEGER NOT NULL CHECK (isUpgraded IN (0, 1)),
                    ownershipType TEXT NOT NULL,
                    storefront TEXT NOT NULL,
                    appAccountToken TEXT CHECK (appAccountToken IS NULL OR appAccountToken GLOB '\(uuidPattern)'),
                    price TEXT CHECK (price IS NULL OR (price GLOB '[0-9]*' AND price NOT GLOB '*[^0-9.]*' AND price NOT GLOB '*.*.*')),
                    currency TEXT,
                    subscriptionGroupID TEXT,
                    signedDate INTEGER NOT NULL,
                    finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
                    purchaseAttemptID TEXT NOT NULL UNIQUE CHECK (purchaseAttemptID GLOB '\(uuidPattern)'),
                    jws TEXT NOT NULL
                ) STRICT;
                CREATE INDEX transactions_originalID ON transactions(originalID);
                CREATE INDEX transactions_unfinished ON transactions(id) WHERE finished = 0;

                CREATE TABLE askToBuyRequests (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    purchaseAttemptID TEXT NOT NULL UNIQUE CHECK (purchaseAttemptID GLOB '\(uuidPattern)'),
                    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
                    createdAt INTEGER NOT NULL,
                    decidedAt INTEGER,
                    purchase TEXT NOT NULL
                ) STRICT;

                CREATE TABLE storeState (
                    key TEXT PRIMARY KEY NOT NULL,
                    value ANY
                ) STRICT;
                """)
        }
        return migrator
    }()

    /// A textual UUID, any case: 8-4-4-4-12 hex digits.
    private static let uuidPattern: String = {
        let hex = "[0-9A-Fa-f]"
        return [8, 4, 4, 4, 12].map { String(repeating: hex, count: $0) }.joined(separator: "-")
    }()
}
