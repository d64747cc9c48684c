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
        migrator.registerMigration("v2-accounts") { db in
            // Every row so far was the one customer's: the default makes them `local`, whose
            // signed payload has no account key, so they verify unchanged. storeState's key
            // becomes (account, key), which SQLite can only do by copying the table.
            try db.execute(sql: """
                ALTER TABLE transactions ADD COLUMN account TEXT NOT NULL DEFAULT 'local';
                DROP INDEX transactions_unfinished;
                CREATE INDEX transactions_account ON transactions(account, id);
                CREATE INDEX transactions_unfinished ON transactions(account, id) WHERE finished = 0;

                ALTER TABLE askToBuyRequests ADD COLUMN account TEXT NOT NULL DEFAULT 'local';
                CREATE INDEX askToBuyRequests_account ON askToBuyRequests(account, id);

                CREATE TABLE storeStateByAccount (
                    account TEXT NOT NULL DEFAULT 'local',
                    key TEXT NOT NULL,
                    value ANY,
                    PRIMARY KEY (account, key)
                ) STRICT;
                INSERT INTO storeStateByAccount (account, key, value) SELECT 'local', key, value FROM storeState;
                DROP TABLE storeState;
                ALTER TABLE storeStateByAccount RENAME TO storeState;
                """)
        }
        migrator.registerMigration("v3-notifications", migrate: NotificationOutboxSchema.sqlite)
        // Branch fields: an offer's length. Older rows keep NULL, signed as no key at all, so they verify unchanged.
        migrator.registerMigration("v4-fields") { db in
            try db.execute(sql: "ALTER TABLE transactions ADD COLUMN offerPeriod TEXT CHECK (offerPeriod IS NULL OR offerPeriod GLOB 'P[0-9]*')")
        }
        migrator.registerMigration("v4-signed-offer-nonces", migrate: SignedOfferNonceSchema.sqlite)
        migrator.registerMigration("v4-plans", migrate: BillingPlanSchema.sqlite)
        migrator.registerMigration("v5-redeem", migrate: PendingOfferSchema.sqlite)
        migrator.registerMigration("v5-family", migrate: FamilySchema.sqlite)
        migrator.registerMigration("v5-refund", migrate: RefundSchema.sqlite)
        migrator.registerMigration("v5-endpoints", migrate: RenewalExtensionSchema.sqlite)
        migrator.registerMigration("v5-price", migrate: PriceChangeSchema.sqlite)
        return migrator
    }()

    /// A textual UUID, any case: 8-4-4-4-12 hex digits.
    private static let uuidPattern: String = {
        let hex = "[0-9A-Fa-f]"
        return [8, 4, 4, 4, 12].map { String(repeating: hex, count: $0) }.joined(separator: "-")
    }()
}
