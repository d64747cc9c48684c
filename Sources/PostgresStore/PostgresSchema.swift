import LocalStore
import PostgresNIO

/// The ledger's tables in PostgreSQL, as numbered migrations. A migration, once shipped,
/// never changes; `storefront_schema` holds how many have run.
enum PostgresSchema {
    /// Statements end a line with ";". The column names are SQLite's, unquoted, so PostgreSQL folds them to lower case.
    static let migrations: [String] = [
        """
        CREATE SEQUENCE transaction_ids;
        CREATE TABLE transactions (
            id BIGINT PRIMARY KEY,
            originalID BIGINT NOT NULL,
            productID TEXT NOT NULL,
            productType TEXT NOT NULL,
            purchaseDate BIGINT NOT NULL,
            originalPurchaseDate BIGINT NOT NULL,
            expirationDate BIGINT,
            revocationDate BIGINT,
            revocationReason BIGINT,
            purchasedQuantity BIGINT NOT NULL,
            offerType BIGINT,
            offerID TEXT,
            offerPaymentMode TEXT,
            isUpgraded BOOLEAN NOT NULL,
            ownershipType TEXT NOT NULL,
            storefront TEXT NOT NULL,
            appAccountToken TEXT CHECK (appAccountToken ~ '\(uuidPattern)'),
            price TEXT CHECK (price ~ '^[0-9]+(\\.[0-9]*)?$'),
            currency TEXT,
            subscriptionGroupID TEXT,
            signedDate BIGINT NOT NULL,
            finished BOOLEAN NOT NULL DEFAULT false,
            purchaseAttemptID TEXT NOT NULL UNIQUE CHECK (purchaseAttemptID ~ '\(uuidPattern)'),
            jws TEXT NOT NULL,
            account TEXT NOT NULL
        );
        CREATE INDEX transactions_account ON transactions (account, id);
        CREATE INDEX transactions_unfinished ON transactions (account, id) WHERE NOT finished;

        CREATE TABLE askToBuyRequests (
            id BIGSERIAL PRIMARY KEY,
            purchaseAttemptID TEXT NOT NULL UNIQUE CHECK (purchaseAttemptID ~ '\(uuidPattern)'),
            status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
            createdAt BIGINT NOT NULL,
            decidedAt BIGINT,
            purchase TEXT NOT NULL,
            account TEXT NOT NULL
        );
        CREATE INDEX askToBuyRequests_account ON askToBuyRequests (account, id);

        -- Values keep their kind, as SQLite's dynamic typing did.
        CREATE TABLE storeState (
            account TEXT NOT NULL,
            key TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('integer', 'real', 'text')),
            value TEXT NOT NULL,
            PRIMARY KEY (account, key)
        );
        """,
        // The change feed: each write numbers itself and notifies; the last number per account
        // lets a listener that lost its connection see whether it missed any.
        """
        CREATE SEQUENCE change_numbers;
        CREATE TABLE changes (
            account TEXT PRIMARY KEY,
            number BIGINT NOT NULL
        );
        """,
        notificationOutbox,
        // Branch fields: an offer's length; older rows keep NULL, signed as no key at all.
        "ALTER TABLE transactions ADD COLUMN offerPeriod TEXT CHECK (offerPeriod ~ '^P[0-9]+[DWMY]$')",
        signedOfferNonces,  // branch signed: SQLite's v4-signed-offer-nonces
        BillingPlanSchema.postgres,
        pendingOffers,  // branch redeem: SQLite's v5-redeem
        FamilySchema.postgres,  // branch family: SQLite's v5-family
        RefundSchema.postgres,  // branch refund: SQLite's v5-refund
        RenewalExtensionSchema.postgres,  // branch endpoints: SQLite's v5-endpoints
        PriceChangeSchema.postgres,  // branch price: SQLite's v5-price
    ]

    /// A textual UUID, any case.
    private static let uuidPattern = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"

    /// Any two processes that migrate at once take turns on this lock.
    private static let migrationLock: Int64 = 0x5354_4F52_4546_524E  // "STOREFRN"

    /// Runs the migrations `connection`'s database has not had, in one transaction.
    ///
    /// - Returns: The versions before and after; both the found one when it is newer than
    ///   known or below 0.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws -> (from: Int, to: Int) {
        try await connection.transaction(logger: logger) { connection in
            try await connection.rows("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.rows(
                "CREATE TABLE IF NOT EXISTS storefront_schema (version INTEGER NOT NULL)", logger: logger
            )
            let current = try await version(connection, logger: logger) ?? 0
            // A newer program's schema, or a version no program writes, is left alone; the caller refuses it.
            guard (0...migrations.count).contains(current) else { return (current, current) }
            // One statement per query (the extended protocol takes no more); they end a line with ";".
            for migration in migrations.dropFirst(current) {
                for statement in migration.split(separator: ";\n") {
                    try await connection.rows(PostgresQuery(unsafeSQL: String(statement)), logger: logger)
                }
            }
            try await connection.rows("DELETE FROM storefront_schema", logger: logger)
            try await connection.rows("INSERT INTO storefront_schema (version) VALUES (\(migrations.count))", logger: logger)
            return (current, migrations.count)
        }
    }

    /// The schema's version; nil before the first migration.
    static func version(_ connection: PostgresConnection, logger: Logger) async throws -> Int? {
        let exists = try await connection.rows("SELECT to_regclass('storefront_schema') IS NOT NULL", logger: logger)
            .first?.decode(Bool.self) ?? false
        guard exists else { return nil }
        return try await connection.rows("SELECT version FROM storefront_schema", logger: logger)
            .first?.decode(Int.self)
    }
}
