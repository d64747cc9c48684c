/// The store's customer: whose transactions, Ask to Buy requests, renewal preferences,
/// offer redemptions and store time a ledger row is.
///
/// Its ID is opaque to the store: `local` for the one customer of a machine, later an SSH
/// key's fingerprint such as `SHA256:q3F…/+=`. It is not StoreKit's `appAccountToken`,
/// which an app sets per purchase to name its own user; this is the store's side.
///
/// ```swift
/// let alice = try CustomerAccount("alice")
/// let store = LocalStore(catalog: catalog, ledger: ledger, account: alice)
/// try CustomerAccount("")   // throws: the account ID is empty
/// ```
public struct CustomerAccount: Sendable, Hashable, CustomStringConvertible {
    /// The longest ID, in UTF-8 bytes: room for any key fingerprint, small enough for an index.
    public static let maximumLength = 200

    /// The account of a ledger with a single customer, and of every row written before
    /// ledgers had accounts.
    public static let local = CustomerAccount(checked: "local")

    public let id: String

    /// An account with this ID: any text without whitespace or control characters, 1 to
    /// `maximumLength` bytes.
    ///
    /// - Throws: `CustomerAccount.InvalidID`, saying what is wrong with it.
    public init(_ id: String) throws(InvalidID) {
        if let reason = Self.problem(with: id) { throw InvalidID(id: id, reason: reason) }
        self.id = id
    }

    /// An ID already known to be valid (read back from the ledger, where only valid ones are written).
    init(checked id: String) {
        self.id = id
    }

    public var description: String { id }

    private static func problem(with id: String) -> String? {
        if id.isEmpty { return "the account ID is empty" }
        if id.utf8.count > maximumLength {
            return "the account ID is \(id.utf8.count) bytes long; at most \(maximumLength) are allowed"
        }
        for (offset, scalar) in id.unicodeScalars.enumerated() {
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            if scalar.properties.isWhitespace {
                return "the account ID has whitespace (\(code)) at character \(offset + 1)"
            }
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                return "the account ID has a control character (\(code)) at character \(offset + 1)"
            }
        }
        return nil
    }

    /// Why an account ID was refused.
    public struct InvalidID: Error, Sendable, Hashable, CustomStringConvertible {
        /// The ID as given.
        public let id: String
        public let reason: String

        public var description: String { reason }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
