import Foundation
import GRDB

/// The nonces of signed offers already used, so a signature applies once (ledger migration
/// `v4-signed-offer-nonces`).
enum SignedOfferNonceSchema {
    static func sqlite(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE signedOfferNonces (
                nonce TEXT PRIMARY KEY NOT NULL,
                keyID TEXT NOT NULL,
                account TEXT NOT NULL,
                usedAt INTEGER NOT NULL
            ) STRICT;
            """)
    }
}

extension SQLiteSession {
    func recordOfferNonce(_ nonce: String, keyID: String, account: CustomerAccount, at milliseconds: Int64) async throws -> Bool {
        try channel.perform { db in
            try db.execute(
                sql: "INSERT INTO signedOfferNonces (nonce, keyID, account, usedAt) VALUES (?, ?, ?, ?) ON CONFLICT (nonce) DO NOTHING",
                arguments: [nonce, keyID, account.id, milliseconds]
            )
            return db.changesCount > 0
        }
    }
}
