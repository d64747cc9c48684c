import Foundation
import StorefrontModel

/// A customer's app transaction in Apple's `JWSAppTransactionDecodedPayload` shape: the
/// payload of Get App Transaction Info's `signedAppTransactionInfo`.
///
/// ```swift
/// let payload = AppTransactionPayload(app, transaction: appTransaction, signedDate: now)
/// print(payload.appTransactionId)
/// ```
public struct AppTransactionPayload: Codable, Sendable, Hashable {
    /// The environment, as Apple's `receiptType` names it.
    public var receiptType: String
    public var bundleId: String
    public var applicationVersion: String
    public var receiptCreationDate: Int64
    public var originalPurchaseDate: Int64
    public var originalApplicationVersion: String
    public var appTransactionId: String
    public var originalPlatform: String

    public init(_ app: ServedApp, transaction: AppTransaction, signedDate: Date) {
        receiptType = app.environment
        bundleId = app.bundleID
        applicationVersion = transaction.appVersion
        // The receipt is made as it is asked for.
        receiptCreationDate = signedDate.milliseconds
        originalPurchaseDate = transaction.originalPurchaseDate.milliseconds
        originalApplicationVersion = transaction.originalAppVersion
        appTransactionId = transaction.appTransactionID
        originalPlatform = transaction.originalPlatform.rawValue
    }
}
