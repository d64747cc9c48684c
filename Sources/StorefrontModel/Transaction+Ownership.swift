extension Transaction {
    /// StoreKit's `Transaction.OwnershipType`: whether the customer bought the product or has
    /// it through Family Sharing, spelled as the App Store spells it.
    ///
    /// ```swift
    /// if transaction.ownershipType == .familyShared { print("Shared by your family") }
    /// ```
    public struct OwnershipType: RawRepresentable, Hashable, Sendable, Codable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The customer bought it.
        public static let purchased = Self(rawValue: "PURCHASED")
        /// A family member bought it and shares it through Family Sharing.
        public static let familyShared = Self(rawValue: "FAMILY_SHARED")
    }

    /// This transaction, owned as `ownershipType` says.
    ///
    /// ```swift
    /// let shared = transaction.owned(as: .familyShared)
    /// ```
    public func owned(as ownershipType: OwnershipType) -> Transaction {
        var owned = self
        owned.ownershipType = ownershipType
        return owned
    }
}
