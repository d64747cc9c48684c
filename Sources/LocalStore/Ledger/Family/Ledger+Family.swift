import Foundation

/// The family controls: accounts grouped in families (`familyMembers`, in every account),
/// whose members share each other's family-shareable purchases (Ledger+FamilySharing).
extension Ledger {
    /// The most accounts a family holds: an organizer and five members, as Apple's Family Sharing.
    public static let largestFamily = 6

    /// Every account in a family, oldest membership first.
    ///
    /// ```swift
    /// for membership in try await ledger.familyMemberships() { print(membership.account, membership.organizer) }
    /// ```
    public func familyMemberships() async throws(LedgerError) -> [FamilyMembership] {
        try await read { store in try await store.familyMemberships() }
    }

    /// The members of this account's family, its organizer first; empty when it is in none.
    public func family() async throws(LedgerError) -> [CustomerAccount] {
        FamilyGroups(memberships: try await familyMemberships()).family(of: account)
    }

    /// Puts this account in the family `organizer` organizes (made now if it has no members
    /// yet; `organizer` may be this account), and in the same database transaction gives it
    /// the family's shareable purchases and the family its own. Joining its own family again
    /// changes nothing.
    ///
    /// ```swift
    /// try await ledger.scoped(to: bob).joinFamily(organizedBy: alice, at: now)
    /// ```
    ///
    /// - Throws: `FamilyError` when the account is in another family, `organizer` is a member
    ///   of someone else's, or the family is full; `LedgerError` when the store fails.
    public func joinFamily(organizedBy organizer: CustomerAccount) async throws {
        let refusal: FamilyError? = try await write { store in
            let groups = FamilyGroups(memberships: try await store.familyMemberships())
            if let current = groups.organizer(of: self.account) {
                return current == organizer ? nil : .inAnotherFamily(account: self.account, organizer: current)
            }
            if let theirs = groups.organizer(of: organizer), theirs != organizer {
                return .notAnOrganizer(account: organizer, organizer: theirs)
            }
            let members = groups.members(organizedBy: organizer)
            let joining = members.isEmpty && organizer != self.account ? 2 : 1
            guard members.count + joining <= Self.largestFamily else { return .familyFull(organizer: organizer) }
            let now = (self.clock.now + (try await self.storeTimeOffset(store))).ledgerMilliseconds
            if members.isEmpty {
                try await store.setFamilyMembership(organizer: organizer, account: organizer, at: now)
            }
            try await store.setFamilyMembership(organizer: organizer, account: self.account, at: now)
            let after = FamilyGroups(memberships: try await store.familyMemberships())
            try await self.shareWithFamily(Set(after.family(of: self.account)), groups: after, in: store)
            return nil
        }
        if let refusal { throw refusal }
    }

    /// Takes this account out of its family, and in the same database transaction revokes
    /// what sharing gave it and what it gave the others (`REVOKE` for each). The organizer
    /// leaving stops Family Sharing: every member leaves.
    ///
    /// ```swift
    /// try await ledger.scoped(to: bob).leaveFamily()
    /// ```
    ///
    /// - Throws: `FamilyError.notInAFamily`; `LedgerError` when the store fails.
    public func leaveFamily() async throws {
        let refusal: FamilyError? = try await write { store in
            let groups = FamilyGroups(memberships: try await store.familyMemberships())
            guard let organizer = groups.organizer(of: self.account) else { return .notInAFamily(account: self.account) }
            let leaving = organizer == self.account ? groups.members(organizedBy: organizer) : [self.account]
            for member in leaving {
                try await store.setFamilyMembership(organizer: nil, account: member, at: 0)
            }
            return nil
        }
        if let refusal { throw refusal }
    }
}
