import Foundation

/// A signed value together with whether its signature checked out.
///
/// Only `.verified` values grant anything; `.unverified` ones are kept so the app can
/// see (and log) what arrived.
///
/// ```swift
/// func owned(_ result: VerificationResult<Transaction>) -> Product.ID? {
///     guard case .verified(let transaction) = result else { return nil }
///     return transaction.productID
/// }
/// ```
public enum VerificationResult<SignedType> {
    case unverified(SignedType, VerificationError)
    case verified(SignedType)

    /// The value, whether or not it was verified. Never use it to grant access.
    public var unsafePayloadValue: SignedType {
        switch self {
        case .verified(let value), .unverified(let value, _): value
        }
    }

    /// The value if it was verified, otherwise the verification error is thrown.
    public var payloadValue: SignedType {
        get throws(VerificationError) {
            switch self {
            case .verified(let value): return value
            case .unverified(_, let error): throw error
            }
        }
    }

    /// The value if it was verified, otherwise `nil`.
    public var verifiedValue: SignedType? {
        if case .verified(let value) = self { value } else { nil }
    }
}

extension VerificationResult: Sendable where SignedType: Sendable {}
extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}

extension VerificationResult {
    /// Why a signature did not verify.
    ///
    /// ```swift
    /// let error = VerificationResult<Transaction>.VerificationError.invalidSignature
    /// print(error.localizedDescription) // The signature does not match the data.
    /// ```
    public enum VerificationError: Error, CaseIterable, Hashable, Sendable {
        case revokedCertificate
        case invalidCertificateChain
        case invalidDeviceVerification
        case invalidEncoding
        case invalidSignature
        case missingRequiredProperties
    }
}

extension VerificationResult.VerificationError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .revokedCertificate: "The signing certificate was revoked."
        case .invalidCertificateChain: "The signing certificate chain is not valid."
        case .invalidDeviceVerification: "The purchase was signed for another device."
        case .invalidEncoding: "The signed data could not be decoded."
        case .invalidSignature: "The signature does not match the data."
        case .missingRequiredProperties: "The signed data lacks a required field."
        }
    }
}
