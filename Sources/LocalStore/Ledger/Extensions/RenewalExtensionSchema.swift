import Foundation
import GRDB

/// The tables of renewal-date extensions (branch `endpoints`: SQLite migration `v5-endpoints`,
/// PostgreSQL's next numbered one), the same columns on both engines.
package enum RenewalExtensionSchema {
    /// Each chain's extensions, once per request identifier; a refused one (of a mass
    /// extension) has no `effectiveDate` and says why in `refusal`.
    private static let extensions = """
        CREATE TABLE renewalExtensions (
            originalTransactionID BIGINT NOT NULL,
            requestIdentifier TEXT NOT NULL,
            account TEXT NOT NULL,
            extendByDays BIGINT NOT NULL CHECK (extendByDays BETWEEN 1 AND 90),
            reasonCode BIGINT NOT NULL CHECK (reasonCode BETWEEN 0 AND 3),
            effectiveDate BIGINT,
            refusal TEXT CHECK (refusal IN ('ineligible', 'maximumReached', 'familyShared')),
            createdAt BIGINT NOT NULL,
            mass BIGINT NOT NULL DEFAULT 0 CHECK (mass IN (0, 1)),
            PRIMARY KEY (originalTransactionID, requestIdentifier),
            CHECK ((effectiveDate IS NULL) <> (refusal IS NULL))
        );
        """

    /// Requests to extend every active subscriber of a product, and how each ended.
    private static let massExtensions = """
        CREATE TABLE massRenewalExtensions (
            requestIdentifier TEXT PRIMARY KEY NOT NULL,
            productID TEXT NOT NULL,
            extendByDays BIGINT NOT NULL CHECK (extendByDays BETWEEN 1 AND 90),
            reasonCode BIGINT NOT NULL CHECK (reasonCode BETWEEN 0 AND 3),
            storefrontCountryCodes TEXT,
            requestedAt BIGINT NOT NULL,
            completedAt BIGINT,
            succeededCount BIGINT NOT NULL DEFAULT 0,
            failedCount BIGINT NOT NULL DEFAULT 0
        );
        """

    static func sqlite(_ db: GRDB.Database) throws {
        try db.execute(sql: extensions + massExtensions)
    }

    /// PostgreSQL's migration text: statements end a line with ";".
    package static let postgres = extensions + "\n" + massExtensions
}
