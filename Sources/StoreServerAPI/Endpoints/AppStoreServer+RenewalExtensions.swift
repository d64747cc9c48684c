import Foundation
import LocalStore
import StoreCatalog

/// Extend a Subscription Renewal Date, Extend Subscription Renewal Dates for All Active
/// Subscribers, and Get Status of Subscription Renewal Date Extensions.
extension AppStoreServer {
    struct ExtendRenewalDateRequest: Decodable {
        let extendByDays: Int?
        let extendReasonCode: Int?
        let requestIdentifier: String?
        let productId: String?
        let storefrontCountryCodes: [String]?
    }

    struct ExtendRenewalDateResponse: Encodable {
        let originalTransactionId: String
        let webOrderLineItemId: String
        let success: Bool
        let effectiveDate: Int64
    }

    struct MassExtendRenewalDateResponse: Encodable {
        let requestIdentifier: String
    }

    struct MassExtendRenewalDateStatusResponse: Encodable {
        let requestIdentifier: String
        let complete: Bool
        let completeDate: Int64?
        let succeededCount: Int?
        let failedCount: Int?
    }

    /// The longest request identifier Apple takes.
    static let requestIdentifierLength = 128

    /// `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`: the subscription's
    /// expiration date moves `extendByDays` later, once per `requestIdentifier`.
    func extendRenewalDate(_ id: String, _ request: APIRequest) async throws(APIError) -> APIResponse {
        guard let originalID = Self.transactionID(id) else { throw .invalidOriginalTransactionID }
        let body = try APIJSON.decode(ExtendRenewalDateRequest.self, from: request.body)
        let (days, reason) = try Self.extension(body)
        guard let identifier = body.requestIdentifier, !identifier.isEmpty, identifier.count <= Self.requestIdentifierLength else {
            throw .invalidRequestIdentifier
        }
        let customer = try await customer(ofOriginalTransaction: id)
        let done: RenewalExtension
        do {
            done = try await customer.store.extendRenewalDate(
                originalTransactionID: originalID, byDays: days, reason: reason, requestIdentifier: identifier
            )
        } catch LedgerError.transactionNotFound {
            throw .originalTransactionIDNotFound
        } catch LedgerError.notAnAutoRenewableSubscription {
            throw .subscriptionExtensionIneligible
        } catch {
            throw .generalInternalRetryable
        }
        switch done.refusal {
        case .ineligible?: throw .subscriptionExtensionIneligible
        case .maximumReached?: throw .subscriptionMaxExtension
        case .familyShared?: throw .familySharedSubscriptionExtensionIneligible
        case nil: break
        }
        // The period the extension moved: the chain's transaction in force.
        let extended = try await self.customer(customer.store.account).transactions
            .last { $0.originalID == originalID && !$0.isUpgraded }
        return .ok(ExtendRenewalDateResponse(
            originalTransactionId: String(originalID), webOrderLineItemId: String(extended?.id ?? originalID), success: true,
            effectiveDate: (done.effectiveDate ?? customer.now).milliseconds
        ))
    }

    /// `POST /inApps/v1/subscriptions/extend/mass`: files the request and runs it over the
    /// ledger's active subscribers of the product in the background; Get Status tells when it
    /// is complete. The same `requestIdentifier` again answers 200 and finishes a run cut short.
    func massExtendRenewalDate(_ request: APIRequest) async throws(APIError) -> APIResponse {
        let body = try APIJSON.decode(ExtendRenewalDateRequest.self, from: request.body)
        guard let identifier = body.requestIdentifier.flatMap(UUID.init(uuidString:)) else { throw .invalidRequestIdentifier }
        let (days, reason) = try Self.extension(body)
        guard let productID = body.productId, settings.catalog.product(id: productID)?.type == .autoRenewable else {
            throw .invalidProductID
        }
        if let codes = body.storefrontCountryCodes {
            guard !codes.isEmpty else { throw .invalidEmptyStorefrontCountryCodeList }
            guard codes.allSatisfy({ StorefrontCountry(countryCode: $0) != nil }) else { throw .invalidStorefrontCountryCode }
        }
        let filed = MassRenewalExtension(
            requestIdentifier: identifier.uuidString.lowercased(), productID: productID, extendByDays: days, reason: reason,
            storefrontCountryCodes: body.storefrontCountryCodes, requestedAt: settings.clock.now
        )
        // Filed before the answer, so Get Status knows it at once; a request filed before stays as filed.
        do {
            _ = try await settings.ledger.fileMassRenewalExtension(filed)
        } catch {
            throw .generalInternalRetryable
        }
        let settings = settings
        // Apple's runs for hours over millions; this one is quick, but answers the same way:
        // at once, with the outcome in Get Status and the notifications.
        Task {
            _ = try? await LocalStore.extendRenewalDatesForAllActiveSubscribers(
                filed, catalog: settings.catalog, ledger: settings.ledger, controls: settings.controls, clock: settings.clock
            )
        }
        return .ok(MassExtendRenewalDateResponse(requestIdentifier: filed.requestIdentifier))
    }

    /// `GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`.
    func massExtensionStatus(productID: String, requestIdentifier: String) async throws(APIError) -> APIResponse {
        guard let identifier = UUID(uuidString: requestIdentifier) else { throw .invalidRequestIdentifier }
        guard !productID.isEmpty else { throw .invalidProductID }
        let filed: MassRenewalExtension?
        do {
            filed = try await settings.ledger.massRenewalExtension(requestIdentifier: identifier.uuidString.lowercased())
        } catch {
            throw .generalInternalRetryable
        }
        guard let filed, filed.productID == productID else { throw .statusRequestNotFound }
        let complete = filed.completedAt != nil
        return .ok(MassExtendRenewalDateStatusResponse(
            requestIdentifier: filed.requestIdentifier, complete: complete, completeDate: filed.completedAt?.milliseconds,
            succeededCount: complete ? filed.succeededCount : nil, failedCount: complete ? filed.failedCount : nil
        ))
    }

    /// The days (1 to 90) and reason of an extension request.
    private static func `extension`(_ body: ExtendRenewalDateRequest) throws(APIError) -> (Int, RenewalExtension.Reason) {
        guard let days = body.extendByDays, (1...RenewalExtension.maximumDays).contains(days) else { throw .invalidExtendByDays }
        guard let reason = body.extendReasonCode.flatMap(RenewalExtension.Reason.init(rawValue:)) else {
            throw .invalidExtendReasonCode
        }
        return (days, reason)
    }
}
