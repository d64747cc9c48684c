extension LedgerTransaction {
    /// Whether Family Sharing gave this transaction and took it back: the member or the
    /// purchaser left the family, or the purchase was refunded (Apple's `revocationType`
    /// FAMILY_REVOKE).
    public var isFamilyRevoked: Bool { ownershipType == .familyShared && revocationDate != nil }
}
