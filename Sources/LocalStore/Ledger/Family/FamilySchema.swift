import Foundation
import GRDB

/// Who is in which family (ledger migration `v5-family`): an account a row, naming its
/// family's organizer, whose own row names itself. One migration for each engine, the same columns.
package enum FamilySchema {
    static func sqlite(_ db: GRDB.Database) throws {
        try db.execute(sql: """
            CREATE TABLE familyMembers (
                account TEXT PRIMARY KEY NOT NULL,
                organizer TEXT NOT NULL,
                joinedAt INTEGER NOT NULL,
                membershipID TEXT NOT NULL
            ) STRICT;
            CREATE INDEX familyMembers_organizer ON familyMembers(organizer);
            """)
    }

    /// PostgreSQL's migration text: a statement a line, each ending in ";".
    package static let postgres = """
        CREATE TABLE familyMembers (account TEXT PRIMARY KEY, organizer TEXT NOT NULL, joinedAt BIGINT NOT NULL, membershipID TEXT NOT NULL);
        CREATE INDEX familyMembers_organizer ON familyMembers (organizer);
        """
}

extension SQLiteSession {
    func familyMemberships() async throws -> [FamilyMembership] {
        try channel.perform { db in
            try Row.fetchAll(db, sql: "SELECT account, organizer, joinedAt, membershipID FROM familyMembers ORDER BY joinedAt, account")
                .map { row in
                    try FamilyMembership(
                        stored: try row.decode(forColumn: "account"), organizer: try row.decode(forColumn: "organizer"),
                        joinedAt: try row.decode(forColumn: "joinedAt"), membershipID: try row.decode(forColumn: "membershipID")
                    )
                }
        }
    }

    func setFamilyMembership(organizer: CustomerAccount?, account: CustomerAccount, at milliseconds: Int64) async throws {
        try channel.perform { db in
            if let organizer {
                try db.execute(
                    sql: """
                        INSERT INTO familyMembers (account, organizer, joinedAt, membershipID) VALUES (?, ?, ?, ?)
                        ON CONFLICT (account) DO NOTHING
                        """,
                    arguments: [account.id, organizer.id, milliseconds, UUID().uuidString]
                )
            } else {
                try db.execute(sql: "DELETE FROM familyMembers WHERE account = ?", arguments: [account.id])
            }
        }
    }

    /// SQLite tells no one: watchers see the change in their account's change marker.
    func announceChange(of account: CustomerAccount) async throws {}
}
