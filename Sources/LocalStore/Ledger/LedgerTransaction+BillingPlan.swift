import Foundation
import GRDB

extension LedgerTransaction {
    /// StoreKit's `Product.SubscriptionInfo.BillingPlanType`, spelled as App Store Server
    /// payloads spell it (`billingPlanType`).
    public struct BillingPlanType: RawRepresentable, Sendable, Hashable, Codable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let billedUpfront = Self(rawValue: "BILLED_UPFRONT")
        public static let monthly = Self(rawValue: "MONTHLY")
    }

    /// One payment's place in a monthly plan's commitment: StoreKit's
    /// `Transaction.CommitmentInfo`, the server's `TransactionCommitmentInfo`. Four signed
    /// columns, each named `commitment…`, all present or all absent.
    public struct Commitment: Sendable, Hashable, Codable {
        /// This payment's number, from 1 to `totalBillingPeriods`.
        public var billingPeriodNumber: Int
        public var totalBillingPeriods: Int
        /// When the commitment ends.
        public var expirationDate: Date
        /// The whole commitment's price.
        public var price: Decimal

        public init(billingPeriodNumber: Int, totalBillingPeriods: Int, expirationDate: Date, price: Decimal) {
            self.billingPeriodNumber = billingPeriodNumber
            self.totalBillingPeriods = totalBillingPeriods
            self.expirationDate = expirationDate
            self.price = price
        }

        /// The columns read back: nil when none is set; a row with only some has them
        /// ignored, and its signature fails as the payload disagrees.
        init?(stored billingPeriodNumber: Int?, totalBillingPeriods: Int?, expirationDate: Date?, price: Decimal?) {
            guard let billingPeriodNumber, let totalBillingPeriods, let expirationDate, let price else { return nil }
            self.init(
                billingPeriodNumber: billingPeriodNumber, totalBillingPeriods: totalBillingPeriods,
                expirationDate: expirationDate, price: price
            )
        }

        /// Whether this is the commitment's last payment.
        public var isLastPayment: Bool { billingPeriodNumber >= totalBillingPeriods }
    }
}

/// The billing-plan columns of `transactions` (branch `plans`): one migration for each
/// engine, the same columns.
package enum BillingPlanSchema {
    private static let columns = [
        ("billingPlanType", "TEXT", "TEXT"),
        ("commitmentBillingPeriodNumber", "INTEGER", "BIGINT"),
        ("commitmentExpirationDate", "INTEGER", "BIGINT"),
        ("commitmentPrice", "TEXT", "TEXT"),
        ("commitmentTotalBillingPeriods", "INTEGER", "BIGINT"),
    ]

    static func sqlite(_ db: GRDB.Database) throws {
        for (name, type, _) in columns {
            try db.execute(sql: "ALTER TABLE transactions ADD COLUMN \(name) \(type)")
        }
    }

    /// PostgreSQL's migration text: a statement a line, each ending in ";".
    package static let postgres = columns.map { "ALTER TABLE transactions ADD COLUMN \($0.0) \($0.2);" }.joined(separator: "\n")
}
