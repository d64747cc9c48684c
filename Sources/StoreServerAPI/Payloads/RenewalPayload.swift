import Foundation
import LocalStore
import StorefrontModel

/// A subscription chain's renewal info in Apple's `JWSRenewalInfoDecodedPayload` shape:
/// the payload of `signedRenewalInfo`.
///
/// ```swift
/// let payload = RenewalPayload(renewal: status.renewalInfo, current: latest, chainStart: start,
///                              renewalPrice: 4.99, app: app, signedDate: now)
/// print(payload.autoRenewStatus)   // 1
/// ```
public struct RenewalPayload: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var productId: String
    public var autoRenewProductId: String
    /// 1 renews, 0 does not.
    public var autoRenewStatus: Int
    public var expirationIntent: Int?
    public var isInBillingRetryPeriod: Bool
    public var gracePeriodExpiresDate: Int64?
    public var signedDate: Int64
    public var environment: String
    public var recentSubscriptionStartDate: Int64
    public var renewalDate: Int64?
    public var currency: String?
    /// In milliunits, the price the next renewal bills.
    public var renewalPrice: Int64?
    public var appAccountToken: String?
    /// The win-back offers the customer may redeem, best first; absent when there are none.
    public var eligibleWinBackOfferIds: [String]?
    /// The customer's app transaction, as on their transactions.
    public var appTransactionId: String
    /// The offer the next renewal keeps, as Apple's transaction fields name it.
    public var offerType: Int?
    public var offerIdentifier: String?
    public var offerPeriod: String?
    public var offerDiscountType: String?
    /// How the subscription is paid after its commitment; only during one.
    public var renewalBillingPlanType: String?
    /// What happens at the commitment's end; only during one.
    public var commitmentInfo: RenewalCommitmentInfo?
    /// 0 while a price increase waits for the customer's consent, 1 once agreed (or told of
    /// one that needs none); absent with no increase ahead.
    public var priceIncreaseStatus: Int?

    /// - Parameters:
    ///   - current: the chain's latest transaction.
    ///   - chainStart: when the current unbroken run of periods began.
    ///   - renewalPrice: the price of the product the chain renews as, in this storefront.
    public init(
        renewal: Product.SubscriptionInfo.RenewalInfo, current: LedgerTransaction, chainStart: Date,
        renewalPrice: Decimal?, app: ServedApp, signedDate: Date
    ) {
        originalTransactionId = String(current.originalID)
        productId = current.productID
        autoRenewProductId = renewal.autoRenewPreference ?? current.productID
        autoRenewStatus = renewal.willAutoRenew ? 1 : 0
        expirationIntent = renewal.expirationReason.map(Self.intent)
        isInBillingRetryPeriod = renewal.isInBillingRetry
        gracePeriodExpiresDate = renewal.gracePeriodExpirationDate?.milliseconds
        self.signedDate = signedDate.milliseconds
        environment = app.environment
        recentSubscriptionStartDate = chainStart.milliseconds
        // When the latest period ends, whether or not it renews then.
        renewalDate = current.expirationDate?.milliseconds
        currency = current.currency
        self.renewalPrice = renewalPrice.map(TransactionPayload.milliunits)
        appAccountToken = (renewal.appAccountToken ?? current.appAccountToken)?.uuidString.lowercased()
        appTransactionId = current.account.appTransactionID
        offerType = renewal.offer.map { LedgerTransaction.OfferType($0.type).rawValue }
        offerIdentifier = renewal.offer?.id
        offerPeriod = renewal.offer?.period?.iso8601
        offerDiscountType = renewal.offer?.paymentMode.map { LedgerTransaction.OfferPaymentMode($0).rawValue }
        eligibleWinBackOfferIds = renewal.eligibleWinBackOfferIDs.isEmpty ? nil : renewal.eligibleWinBackOfferIDs
        addBillingPlan(of: renewal, current: current)
        priceIncreaseStatus = switch renewal.priceIncreaseStatus {
        case .noIncreasePending: nil
        case .pending: 0
        case .agreed: 1
        }
    }

    /// Apple's `expirationIntent` for StoreKit's expiration reason.
    static func intent(_ reason: Product.SubscriptionInfo.ExpirationReason) -> Int {
        switch reason {
        case .autoRenewDisabled: 1
        case .billingError: 2
        case .didNotConsentToPriceIncrease: 3
        case .productUnavailable: 4
        case .unknown: 5
        }
    }
}

extension Product.SubscriptionInfo.RenewalState {
    /// Apple's subscription `status`: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
    public var appStoreStatus: Int {
        switch self {
        case .subscribed: 1
        case .expired: 2
        case .inBillingRetryPeriod: 3
        case .inGracePeriod: 4
        case .revoked: 5
        }
    }
}
