import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel

extension StoreJSON {
    /// The transaction fields StoreKit and the App Store added in 2024–25, under the names of
    /// Apple's signed payloads: `offerDiscountType` (FREE_TRIAL, PAY_AS_YOU_GO, PAY_UP_FRONT,
    /// ONE_TIME), `offerPeriod` (the offer's whole length, ISO 8601: "P1M"), `appAccountToken`
    /// (lower case) and `appTransactionId`; null where the transaction has none.
    static func offerFields(_ transaction: Transaction, entry: LedgerEntry) -> [PropertyValue.Member] {
        [
            .init(key: "offerDiscountType", value: entry.transaction.offerPaymentMode.map { .string($0.rawValue) } ?? .null),
            .init(key: "offerPeriod", value: entry.transaction.offerPeriod.map { .string($0) } ?? .null),
            .init(key: "appAccountToken", value: transaction.appAccountToken.map { .string($0.uuidString.lowercased()) } ?? .null),
            .init(key: "appTransactionId", value: .string(transaction.appTransactionID)),
        ]
    }
}
