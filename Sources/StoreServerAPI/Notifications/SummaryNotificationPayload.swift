import Foundation
import LocalStore

/// A `RENEWAL_EXTENSION` `SUMMARY` notification in Apple's `ResponseBodyV2DecodedPayload`
/// shape: a `summary` of a mass renewal-date extension where other notifications carry `data`.
///
/// ```swift
/// let payload = SummaryNotificationPayload(request, app: app, signedDate: now, id: UUID())
/// print(payload.summary.succeededCount)
/// ```
public struct SummaryNotificationPayload: Codable, Sendable {
    public struct Summary: Codable, Sendable {
        public var requestIdentifier: String
        public var environment: String
        public var bundleId: String
        public var productId: String
        public var storefrontCountryCodes: [String]?
        public var succeededCount: Int
        public var failedCount: Int
    }

    public var notificationType: String
    public var subtype: String
    public var notificationUUID: String
    public var summary: Summary
    public var version: String
    public var signedDate: Int64

    public init(_ request: MassRenewalExtension, app: ServedApp, signedDate: Date, id: UUID) {
        notificationType = "RENEWAL_EXTENSION"
        subtype = "SUMMARY"
        notificationUUID = id.uuidString.lowercased()
        summary = Summary(
            requestIdentifier: request.requestIdentifier, environment: app.environment, bundleId: app.bundleID,
            productId: request.productID, storefrontCountryCodes: request.storefrontCountryCodes,
            succeededCount: request.succeededCount, failedCount: request.failedCount
        )
        version = "2.0"
        self.signedDate = signedDate.milliseconds
    }
}

extension AppStoreServer {
    /// The summary notification of the mass extension its key names, signed.
    func signedSummary(_ notification: LedgerNotification) async throws(APIError) -> String {
        let identifier = String(notification.key.dropFirst(MassRenewalExtension.summaryKeyPrefix.count))
        let request: MassRenewalExtension?
        do {
            request = try await settings.ledger.massRenewalExtension(requestIdentifier: identifier)
        } catch {
            throw .generalInternalRetryable
        }
        // Recorded with its request in one database transaction: one without it is not this store's.
        guard let request else { throw .generalInternal }
        return try sign(SummaryNotificationPayload(
            request, app: settings.app, signedDate: Date(milliseconds: notification.createdAt), id: notification.notificationUUID
        ))
    }
}
