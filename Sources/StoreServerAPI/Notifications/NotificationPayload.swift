import Foundation

/// A notification in Apple's `ResponseBodyV2DecodedPayload` shape, signed as `signedPayload`.
///
/// ```swift
/// let test = NotificationPayload(type: "TEST", subtype: nil, app: app, signedDate: now)
/// ```
public struct NotificationPayload: Codable, Sendable {
    public struct Data: Codable, Sendable {
        public var bundleId: String
        public var environment: String
        public var signedTransactionInfo: String?
        public var signedRenewalInfo: String?
        public var status: Int?
        /// Why the customer asks for a refund, in a CONSUMPTION_REQUEST.
        public var consumptionRequestReason: String?
    }

    public var notificationType: String
    public var subtype: String?
    public var notificationUUID: String
    public var data: Data
    public var version: String
    public var signedDate: Int64

    public init(
        type: String, subtype: String?, app: ServedApp, signedDate: Date, signedTransactionInfo: String? = nil,
        signedRenewalInfo: String? = nil, status: Int? = nil, consumptionRequestReason: String? = nil, id: UUID = UUID()
    ) {
        notificationType = type
        self.subtype = subtype
        notificationUUID = id.uuidString.lowercased()
        data = Data(
            bundleId: app.bundleID, environment: app.environment, signedTransactionInfo: signedTransactionInfo,
            signedRenewalInfo: signedRenewalInfo, status: status, consumptionRequestReason: consumptionRequestReason
        )
        version = "2.0"
        self.signedDate = signedDate.milliseconds
    }

    /// Apple's notification types, for checking a history filter.
    static let types: Set<String> = [
        "CONSUMPTION_REQUEST", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "DID_FAIL_TO_RENEW", "DID_RENEW",
        "EXPIRED", "EXTERNAL_PURCHASE_TOKEN", "GRACE_PERIOD_EXPIRED", "METADATA_UPDATE", "MIGRATION", "OFFER_REDEEMED",
        "ONE_TIME_CHARGE", "PRICE_CHANGE", "PRICE_INCREASE", "REFUND", "REFUND_DECLINED", "REFUND_REVERSED",
        "RENEWAL_EXTENDED", "RENEWAL_EXTENSION", "RESCIND_CONSENT", "REVOKE", "SUBSCRIBED", "TEST",
    ]
    /// Apple's notification subtypes.
    static let subtypes: Set<String> = [
        "INITIAL_BUY", "RESUBSCRIBE", "DOWNGRADE", "UPGRADE", "AUTO_RENEW_ENABLED", "AUTO_RENEW_DISABLED", "VOLUNTARY",
        "BILLING_RETRY", "PRICE_INCREASE", "GRACE_PERIOD", "PENDING", "ACCEPTED", "BILLING_RECOVERY", "PRODUCT_NOT_FOR_SALE",
        "SUMMARY", "FAILURE", "UNREPORTED", "CREATED", "ACTIVE_TOKEN_REVERSAL",
    ]
}
