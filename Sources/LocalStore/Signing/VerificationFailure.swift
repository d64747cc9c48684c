/// Why a signed transaction did not verify.
///
/// A row comes back unverified, never dropped, so a user can see what was
/// edited by hand:
///
/// ```swift
/// for entry in try await ledger.transactions() {
///     if case .unverified(let failure) = entry.verification {
///         print("transaction \(entry.id): \(failure)")
///     }
/// }
/// ```
public enum VerificationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JWS is not three base64url segments with the store's ES256 header.
    case malformedJWS(String)
    /// The header's `kid` names no key of the store's key set (the key file was deleted or
    /// replaced, or the row was signed elsewhere).
    case keyMissing(keyID: String)
    /// The signature does not match the signed header and payload.
    case invalidSignature
    /// These columns no longer match the signed payload.
    case payloadMismatch(fields: [String])

    public var description: String {
        switch self {
        case .malformedJWS(let detail):
            "malformed JWS: \(detail)"
        case .keyMissing(let keyID):
            "signed by key \(keyID), which is not in the store's key set (key file deleted or replaced?)"
        case .invalidSignature:
            "the signature does not verify"
        case .payloadMismatch(let fields):
            "edited after signing: \(fields.joined(separator: ", ")) differ from the signed payload"
        }
    }
}
