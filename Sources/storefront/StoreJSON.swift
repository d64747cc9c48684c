import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel

/// The JSON the store commands print, keys in a fixed order:
///
/// ```
/// {"id":3,"originalID":3,"productID":"tip.small","productType":"consumable",
///  "purchaseDate":"2026-01-02T03:04:05.000Z","originalPurchaseDate":"…","expirationDate":null,
///  "revocationDate":null,"revocationReason":null,"revocationType":null,"revocationPercentage":null,
///  "quantity":1,"offerType":null,"offerID":null,
///  "isUpgraded":false,"price":"0.99","currency":"USD","storefront":"USA","offerDiscountType":null,
///  "offerPeriod":null,"appAccountToken":null,"appTransactionId":"4012…","ownershipType":"PURCHASED",
///  "finished":false,"verified":true}
/// ```
enum StoreJSON {
    /// A transaction as the store hands it out; `finished` only when the ledger says.
    static func transaction(_ result: VerificationResult<Transaction>, entry: LedgerEntry, finished: Bool? = nil) -> PropertyValue {
        let transaction = result.unsafePayloadValue
        var members: [PropertyValue.Member] = [
            .init(key: "id", value: .number(String(transaction.id))),
            .init(key: "originalID", value: .number(String(transaction.originalID))),
            .init(key: "productID", value: .string(transaction.productID)),
            .init(key: "productType", value: .string(transaction.productType.rawValue)),
            .init(key: "purchaseDate", value: date(transaction.purchaseDate)),
            .init(key: "originalPurchaseDate", value: date(transaction.originalPurchaseDate)),
            .init(key: "expirationDate", value: date(transaction.expirationDate)),
            .init(key: "revocationDate", value: date(transaction.revocationDate)),
            .init(key: "revocationReason", value: transaction.revocationReason.map { .string($0.rawValue) } ?? .null),
            // Apple's JWSTransactionDecodedPayload names and units: the percentage in milliunits (40% is 40000).
            .init(key: "revocationType", value: entry.transaction.revocationType.map { .string($0.rawValue) } ?? .null),
            .init(key: "revocationPercentage", value: entry.transaction.revocationPercentage.map { .number(String($0)) } ?? .null),
            .init(key: "quantity", value: .number(String(transaction.purchasedQuantity))),
            .init(key: "offerType", value: transaction.offer.map { .string($0.type.rawValue) } ?? .null),
            .init(key: "offerID", value: transaction.offer?.id.map { .string($0) } ?? .null),
            .init(key: "isUpgraded", value: .bool(transaction.isUpgraded)),
            .init(key: "price", value: entry.transaction.price.map { .string($0.description) } ?? .null),
            .init(key: "currency", value: entry.transaction.currency.map { .string($0) } ?? .null),
            .init(key: "storefront", value: .string(entry.transaction.storefront)),
        ]
        members += offerFields(transaction, entry: entry)
        members += BillingPlanWords.members(transaction)
        members.append(.init(key: "ownershipType", value: .string(transaction.ownershipType.rawValue)))
        if let finished { members.append(.init(key: "finished", value: .bool(finished))) }
        members.append(.init(key: "verified", value: .bool(result.verifiedValue != nil)))
        return .object(members)
    }

    /// ISO 8601 in UTC with milliseconds, or null.
    static func date(_ date: Date?) -> PropertyValue {
        guard let date else { return .null }
        return .string(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
}
