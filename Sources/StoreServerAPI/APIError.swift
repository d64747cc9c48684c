/// An App Store Server API error: the HTTP status and Apple's `{errorCode, errorMessage}` body.
///
/// ```swift
/// let error = APIError.transactionIDNotFound
/// print(error.status, error.code)   // 404 4040010
/// ```
public struct APIError: Error, Sendable, Hashable {
    public let status: Int
    public let code: Int
    public let message: String

    public init(status: Int, code: Int, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    static func badRequest(_ code: Int, _ message: String) -> APIError {
        APIError(status: 400, code: code, message: message)
    }

    public static let generalBadRequest = badRequest(4_000_000, "Bad request.")
    public static let invalidRequestRevision = badRequest(4_000_005, "Invalid request revision.")
    public static let invalidTransactionID = badRequest(4_000_006, "Invalid transaction id.")
    public static let startDateAfterEndDate = badRequest(4_000_013, "Invalid request. The end date precedes the start date or the dates are the same.")
    public static let startDateTooFarInPast = badRequest(4_000_012, "Invalid request. The start date is earlier than the allowed start date.")
    public static let invalidPaginationToken = badRequest(4_000_014, "Invalid request. The pagination token is invalid.")
    public static let invalidStartDate = badRequest(4_000_015, "Invalid request. The start date is not a timestamp value in milliseconds.")
    public static let invalidEndDate = badRequest(4_000_016, "Invalid request. The end date is not a timestamp value in milliseconds.")
    public static let invalidNotificationType = badRequest(4_000_018, "Invalid request. The notification type or subtype is invalid.")
    public static let multipleFiltersSupplied = badRequest(4_000_019, "Invalid request. Supply either a transaction id or a notification type, but not both.")
    public static let invalidTestNotificationToken = badRequest(4_000_020, "Invalid request. The test notification token is invalid.")
    public static let invalidSort = badRequest(4_000_021, "Invalid request. The sort parameter is invalid.")
    public static let invalidProductType = badRequest(4_000_022, "Invalid request. The product type parameter is invalid.")
    public static let invalidProductID = badRequest(4_000_023, "Invalid request. The product id parameter is invalid.")
    public static let invalidSubscriptionGroupIdentifier = badRequest(4_000_024, "Invalid request. The subscription group identifier parameter is invalid.")
    public static let invalidInAppOwnershipType = badRequest(4_000_026, "Invalid request. The in-app ownership type parameter is invalid.")
    public static let invalidRevoked = badRequest(4_000_030, "Invalid request. The revoked parameter is invalid.")
    public static let invalidStatus = badRequest(4_000_031, "Invalid request. The status parameter is invalid.")
    public static let invalidCustomerConsented = badRequest(4_000_035, "Invalid request. The customer consented field must be true.")
    public static let invalidDeliveryStatus = badRequest(4_000_036, "Invalid request. The delivery status field is invalid.")
    public static let invalidSampleContentProvided = badRequest(4_000_041, "Invalid request. The sample content provided field is invalid.")
    public static let transactionTypeNotSupported = badRequest(4_000_047, "Invalid request. The transaction type is not supported.")
    public static let invalidRefundPreference = badRequest(4_000_044, "Invalid request. The refund preference field is invalid.")
    public static let consumptionPercentageAutoRenewableSubscription = badRequest(
        4_000_209, "Invalid request. The consumption percentage field is not supported for auto-renewable subscription transactions."
    )
    // Apple's documentation names these two errors without giving their codes: the general code, with their message.
    public static let consumptionPercentageOutOfRange = badRequest(4_000_000, "Invalid request. The consumption percentage is outside the valid range.")
    public static let undeliveredConsumptionPercentageNonZero = badRequest(
        4_000_000, "Invalid request. The consumption percentage must be zero for the provided delivery status."
    )
    public static let notificationURLNotFound = APIError(status: 404, code: 4_040_007, message: "No notification URL is configured for this app in this environment.")
    public static let testNotificationNotFound = APIError(status: 404, code: 4_040_008, message: "Test notification not found.")
    public static let transactionIDNotFound = APIError(status: 404, code: 4_040_010, message: "Transaction id not found.")
    public static let rateLimitExceeded = APIError(status: 429, code: 4_290_000, message: "Rate limit exceeded.")
    public static let generalInternal = APIError(status: 500, code: 5_000_000, message: "An unknown error occurred.")
    public static let generalInternalRetryable = APIError(status: 500, code: 5_000_001, message: "An unknown error occurred. Please try again.")
}
