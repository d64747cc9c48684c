import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel

extension EntitlementsCommand {
    /// The app transaction's 2024–25 fields, under the names of Apple's signed payloads.
    static func appFields(_ app: AppTransaction) -> [PropertyValue.Member] {
        [
            .init(key: "appTransactionId", value: .string(app.appTransactionID)),
            .init(key: "originalPlatform", value: .string(app.originalPlatform.rawValue)),
        ]
    }

    /// What the next renewal of a subscription bills and keeps, under the names of Apple's
    /// `JWSRenewalInfoDecodedPayload`: `renewalPrice` (a decimal string, like `price`),
    /// `currency`, the offer it has, redeemed for it or kept (`offerDiscountType`, `offerPeriod`,
    /// `offerType` as `transactions --json` spells it, `offerIdentifier`), the chain's
    /// `appAccountToken`, the customer's `appTransactionId` and the win-back offers open to
    /// them, best first (`eligibleWinBackOfferIds`, empty while none is), `priceIncreaseStatus`
    /// (0 waiting for consent, 1 agreed) and why it expired (`expirationReason`, StoreKit's
    /// reason: `didNotConsentToPriceIncrease`, `productUnavailable` …); null where there is none.
    static func renewalFields(_ renewal: Product.SubscriptionInfo.RenewalInfo?) -> [PropertyValue.Member] {
        let mode = renewal?.offer?.paymentMode.map { LedgerTransaction.OfferPaymentMode($0).rawValue }
        return [
            .init(key: "renewalPrice", value: renewal?.renewalPrice.map { .string($0.description) } ?? .null),
            .init(key: "currency", value: renewal?.currency.map { .string($0.identifier) } ?? .null),
            .init(key: "offerDiscountType", value: mode.map(PropertyValue.string) ?? .null),
            .init(key: "offerPeriod", value: renewal?.offer?.period.map { .string($0.iso8601) } ?? .null),
            .init(key: "offerType", value: renewal?.offer.map { .string($0.type.rawValue) } ?? .null),
            .init(key: "offerIdentifier", value: renewal?.offer?.id.map(PropertyValue.string) ?? .null),
            .init(key: "appAccountToken", value: renewal?.appAccountToken.map { .string($0.uuidString.lowercased()) } ?? .null),
            .init(key: "appTransactionId", value: renewal.map { .string($0.appTransactionID) } ?? .null),
            .init(key: "eligibleWinBackOfferIds", value: .array((renewal?.eligibleWinBackOfferIDs ?? []).map(PropertyValue.string))),
            .init(key: "priceIncreaseStatus", value: priceIncreaseStatus(renewal)),
            .init(key: "expirationReason", value: renewal?.expirationReason.map { .string($0.rawValue) } ?? .null),
        ]
    }
}

extension EntitlementsCommand {
    /// The list's words for a price increase ahead and a subscription that lapsed for a
    /// price change: ", price increase to 12.99 waiting for consent", ", expired: productUnavailable".
    static func priceIncreaseWords(_ renewal: Product.SubscriptionInfo.RenewalInfo) -> String {
        if let reason = renewal.expirationReason, [.didNotConsentToPriceIncrease, .productUnavailable].contains(reason) {
            return ", expired: \(reason.rawValue)"
        }
        let price = renewal.renewalPrice.map { " to \($0)" } ?? ""
        switch renewal.priceIncreaseStatus {
        case .pending: return renewal.willAutoRenew ? ", price increase\(price) waiting for consent" : ", price increase\(price) declined"
        case .agreed: return ", price increase\(price) agreed"
        case .noIncreasePending: return ""
        }
    }

    /// Apple's `priceIncreaseStatus`: 0 while an increase waits for consent, 1 once agreed; null with none ahead.
    static func priceIncreaseStatus(_ renewal: Product.SubscriptionInfo.RenewalInfo?) -> PropertyValue {
        switch renewal?.priceIncreaseStatus {
        case .pending?: .number("0")
        case .agreed?: .number("1")
        case .noIncreasePending?, nil: .null
        }
    }
}

extension PropertyValue {
    /// This object with `members` added at its end.
    func appending(_ members: [PropertyValue.Member]) -> PropertyValue {
        guard case .object(let own) = self else { return self }
        return .object(own + members)
    }
}
