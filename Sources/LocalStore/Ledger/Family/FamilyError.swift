/// Why a family control was refused, naming the accounts involved. Every case is bad input:
/// the command-line tool exits 65.
public enum FamilyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The account is in another family already: it must leave that one first.
    case inAnotherFamily(account: CustomerAccount, organizer: CustomerAccount)
    /// A family is named by its organizer, and this account is a member of someone else's.
    case notAnOrganizer(account: CustomerAccount, organizer: CustomerAccount)
    /// The family has `Ledger.largestFamily` members already.
    case familyFull(organizer: CustomerAccount)
    /// The account is in no family.
    case notInAFamily(account: CustomerAccount)

    public var exitCode: Int32 { 65 }

    public var description: String {
        switch self {
        case .inAnotherFamily(let account, let organizer):
            "\(account) is already in \(organizer)'s family; it must leave it first"
        case .notAnOrganizer(let account, let organizer):
            "\(account) is a member of \(organizer)'s family, not an organizer: a family is named by its organizer"
        case .familyFull(let organizer):
            "\(organizer)'s family already has \(Ledger.largestFamily) members, the most Family Sharing allows"
        case .notInAFamily(let account):
            "\(account) is in no family"
        }
    }
}
