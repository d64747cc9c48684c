import Foundation

/// A row of the `transactions` table: the signed columns plus local bookkeeping.
package struct TransactionRow: Sendable {
    var transaction: LedgerTransaction
    var isFinished: Bool
    var purchaseAttemptID: UUID
    var jws: String

    /// The columns every engine writes, by name: the signed fields, then the bookkeeping.
    package static let columnNames = LedgerTransaction.signedFields.map(\.name)
        + ["account", "finished", "purchaseAttemptID", "jws"]

    /// This row's values in `columnNames` order; nil for NULL.
    package var columnValues: [LedgerColumnValue?] {
        Self.signedColumnValues(of: transaction) + [
            .string(transaction.account.id), .bool(isFinished), .string(purchaseAttemptID.uuidString), .string(jws),
        ]
    }

    /// The signed columns' values, in `LedgerTransaction.signedFields` order.
    package static func signedColumnValues(of transaction: LedgerTransaction) -> [LedgerColumnValue?] {
        LedgerTransaction.signedFields.map { field in
            switch field.value(transaction) {
            case nil: nil
            case .string(let text): .string(text)
            case .integer(let number): .integer(number)
            case .bool(let flag): .bool(flag)
            }
        }
    }

    /// The signed column names, in `signedColumnValues(of:)` order.
    package static let signedColumnNames = LedgerTransaction.signedFields.map(\.name)

    init(transaction: LedgerTransaction, isFinished: Bool, purchaseAttemptID: UUID, jws: String) {
        self.transaction = transaction
        self.isFinished = isFinished
        self.purchaseAttemptID = purchaseAttemptID
        self.jws = jws
    }

    /// Reads a stored row; a column that does not read back throws `CorruptRow`.
    package init(columns row: some LedgerColumns) throws {
        let id = try row.int64("id") ?? 0
        func required<Value>(_ value: Value?, _ column: String) throws -> Value {
            try row.required(value, table: "transactions", id: id, column: column)
        }
        func date(_ column: String) throws -> Date? {
            try row.int64(column).map(Date.init(ledgerMilliseconds:))
        }
        func string(_ column: String) throws -> String { try required(row.string(column), column) }
        func uuid(_ column: String) throws -> UUID? {
            try row.string(column).map { try required(UUID(uuidString: $0), column) }
        }
        func int(_ column: String) throws -> Int? { try row.int64(column).map { Int($0) } }
        transaction = LedgerTransaction(
            id: id,
            originalID: try required(row.int64("originalID"), "originalID"),
            productID: try string("productID"),
            productType: .init(rawValue: try string("productType")),
            purchaseDate: try required(date("purchaseDate"), "purchaseDate"),
            originalPurchaseDate: try required(date("originalPurchaseDate"), "originalPurchaseDate"),
            expirationDate: try date("expirationDate"),
            revocationDate: try date("revocationDate"),
            revocationReason: try int("revocationReason").map(LedgerTransaction.RevocationReason.init),
            purchasedQuantity: try required(int("purchasedQuantity"), "purchasedQuantity"),
            offerType: try int("offerType").map(LedgerTransaction.OfferType.init),
            offerID: try row.string("offerID"),
            offerPaymentMode: try row.string("offerPaymentMode").map(LedgerTransaction.OfferPaymentMode.init),
            isUpgraded: try required(row.bool("isUpgraded"), "isUpgraded"),
            ownershipType: .init(rawValue: try string("ownershipType")),
            storefront: try string("storefront"),
            appAccountToken: try uuid("appAccountToken"),
            price: try row.string("price").map { try required(Decimal(string: $0), "price") },
            currency: try row.string("currency"),
            subscriptionGroupID: try row.string("subscriptionGroupID"),
            account: CustomerAccount(checked: try string("account")),
            signedDate: try required(date("signedDate"), "signedDate"),
            offerPeriod: try row.string("offerPeriod")
        )
        isFinished = try required(row.bool("finished"), "finished")
        purchaseAttemptID = try required(uuid("purchaseAttemptID"), "purchaseAttemptID")
        jws = try string("jws")
        transaction.billingPlanType = try row.string("billingPlanType").map(LedgerTransaction.BillingPlanType.init)
        transaction.commitment = try LedgerTransaction.Commitment(
            stored: int("commitmentBillingPeriodNumber"), totalBillingPeriods: int("commitmentTotalBillingPeriods"),
            expirationDate: date("commitmentExpirationDate"),
            price: row.string("commitmentPrice").map { try required(Decimal(string: $0), "commitmentPrice") }
        )
        transaction.revocationType = try row.string("revocationType").map(LedgerTransaction.RevocationType.init)
        transaction.revocationPercentage = try int("revocationPercentage")
    }
}
