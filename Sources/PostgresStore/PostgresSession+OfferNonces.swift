import Foundation
import LocalStore
import PostgresNIO

extension PostgresSchema {
    /// The nonces of signed offers already used, as SQLite's `v4-signed-offer-nonces` has them.
    static let signedOfferNonces = """
        CREATE TABLE signedOfferNonces (
            nonce TEXT PRIMARY KEY,
            keyID TEXT NOT NULL,
            account TEXT NOT NULL,
            usedAt BIGINT NOT NULL
        );
        """
}

extension PostgresSession {
    func recordOfferNonce(_ nonce: String, keyID: String, account: CustomerAccount, at milliseconds: Int64) async throws -> Bool {
        try await !run("""
            INSERT INTO signedOfferNonces (nonce, keyID, account, usedAt) VALUES (\(nonce), \(keyID), \(account.id), \(milliseconds))
            ON CONFLICT (nonce) DO NOTHING RETURNING nonce
            """).isEmpty
    }
}
