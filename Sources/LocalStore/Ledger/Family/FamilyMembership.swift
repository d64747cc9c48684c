import Foundation

/// One account's place in a family: the family is named by its organizer, whose own
/// membership names itself.
public struct FamilyMembership: Sendable, Hashable {
    public let account: CustomerAccount
    /// The account that organizes the family.
    public let organizer: CustomerAccount
    /// When the account joined (store time of the account that made the change).
    public let joinedAt: Date
    /// This membership's own ID, new at each join: what the family shared during it is told
    /// apart from what it shares after leaving and joining again.
    public let membershipID: String

    /// A membership read back from an engine, which keeps only valid IDs.
    package init(stored account: String, organizer: String, joinedAt milliseconds: Int64, membershipID: String) throws {
        self.account = CustomerAccount(checked: account)
        self.organizer = CustomerAccount(checked: organizer)
        joinedAt = Date(ledgerMilliseconds: milliseconds)
        self.membershipID = membershipID
    }

    /// Whether this account organizes its family.
    public var isOrganizer: Bool { account == organizer }
}

/// Every family of a ledger, from its memberships. Pure.
struct FamilyGroups: Sendable {
    let memberships: [FamilyMembership]

    /// The organizer of `account`'s family; nil when it is in none.
    func organizer(of account: CustomerAccount) -> CustomerAccount? {
        memberships.first { $0.account == account }?.organizer
    }

    /// The ID of `account`'s membership of its family; nil when it is in none.
    func membershipID(of account: CustomerAccount) -> String? {
        memberships.first { $0.account == account }?.membershipID
    }

    /// The members of `account`'s family, the organizer first, then in joining order; empty
    /// when it is in none.
    func family(of account: CustomerAccount) -> [CustomerAccount] {
        guard let organizer = organizer(of: account) else { return [] }
        return members(organizedBy: organizer)
    }

    /// The members of the family `organizer` organizes, the organizer first.
    func members(organizedBy organizer: CustomerAccount) -> [CustomerAccount] {
        let members = memberships.filter { $0.organizer == organizer }.map(\.account)
        return members.filter { $0 == organizer } + members.filter { $0 != organizer }
    }
}
