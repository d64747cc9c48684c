import Foundation
import LocalStore
import PostgresNIO

extension PostgresSession {
    func familyMemberships() async throws -> [FamilyMembership] {
        try await run("SELECT account, organizer, joinedAt, membershipID FROM familyMembers ORDER BY joinedAt, account").map { row in
            let (account, organizer, joinedAt, membershipID) = try row.decode((String, String, Int64, String).self)
            return try FamilyMembership(stored: account, organizer: organizer, joinedAt: joinedAt, membershipID: membershipID)
        }
    }

    func setFamilyMembership(organizer: CustomerAccount?, account: CustomerAccount, at milliseconds: Int64) async throws {
        if let organizer {
            try await run("""
                INSERT INTO familyMembers (account, organizer, joinedAt, membershipID)
                VALUES (\(account.id), \(organizer.id), \(milliseconds), \(UUID().uuidString))
                ON CONFLICT (account) DO NOTHING
                """)
        } else {
            try await run("DELETE FROM familyMembers WHERE account = \(account.id)")
        }
    }

    /// A write that changed another account's rows (Family Sharing) wakes that account's watchers too.
    func announceChange(of account: CustomerAccount) async throws {
        try await PostgresChangeFeed.announce(account: account, on: connection, logger: logger)
    }
}
