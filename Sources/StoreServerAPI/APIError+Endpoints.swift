/// Apple's errors of the renewal-extension, app account token, app transaction and finish endpoints.
extension APIError {
    public static let invalidOriginalTransactionID = badRequest(4_000_008, "Invalid original transaction id.")
    public static let invalidExtendByDays = badRequest(4_000_009, "Invalid extend by days value.")
    public static let invalidExtendReasonCode = badRequest(4_000_010, "Invalid extend reason code.")
    public static let invalidRequestIdentifier = badRequest(4_000_011, "Invalid request identifier.")
    public static let invalidEmptyStorefrontCountryCodeList = badRequest(4_000_027, "Invalid request. If provided, the list of storefront country codes must not be empty.")
    public static let invalidStorefrontCountryCode = badRequest(4_000_028, "Invalid request. A storefront country code was invalid.")
    public static let appTransactionIDNotSupported = badRequest(4_000_048, "Invalid request. App transactions aren't supported by this endpoint.")
    public static let invalidAppAccountTokenUUID = badRequest(4_000_183, "Invalid request. The app account token field must be a valid UUID.")
    public static let familyTransactionNotSupported = badRequest(4_000_185, "Invalid request. Family Sharing transactions aren't supported by this endpoint.")
    public static let transactionIDIsNotOriginalTransactionID = badRequest(4_000_187, "Invalid request. The transaction ID provided is not an original transaction ID.")
    public static let subscriptionExtensionIneligible = APIError(status: 403, code: 4_030_004, message: "Forbidden - subscription state ineligible for extension.")
    public static let subscriptionMaxExtension = APIError(status: 403, code: 4_030_005, message: "Forbidden - subscription has reached maximum extension count.")
    public static let familySharedSubscriptionExtensionIneligible = APIError(status: 403, code: 4_030_007, message: "Subscriptions that users obtain through Family Sharing can't get a renewal date extension directly.")
    public static let originalTransactionIDNotFound = APIError(status: 404, code: 4_040_005, message: "Original transaction id not found.")
    public static let statusRequestNotFound = APIError(status: 404, code: 4_040_009, message: "The server didn't find a subscription-renewal-date extension request for this requestIdentifier and productId combination.")
}
