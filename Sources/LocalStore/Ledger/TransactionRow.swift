import Foundation
import GRDB

/// A row of the `transactions` table: the signed columns plus local bookkeeping.
struct TransactionRow: Sendable {
    var transaction: LedgerTransaction
    var isFinished: Bool
    var purchaseAttemptID: UUID
    var jws: String

    private static let insertSQL: String = {
        let columns = LedgerTransaction.signedFields.map(\.name) + ["account", "finished", "purchaseAttemptID", "jws"]
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO transactions (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
    }()

    private static let resignSQL: String = {
        let assignments = (LedgerTransaction.signedFields.map(\.name) + ["jws"]).map { "\($0) = ?" }
        return "UPDATE transactions SET \(assignments.joined(separator: ", ")) WHERE id = ?"
    }()

    func insert(_ db: Database) throws {
        let values = Self.columnValues(of: transaction)
            + [transaction.account.id.databaseValue, isFinished.databaseValue, purchaseAttemptID.uuidString.databaseValue, jws.databaseValue]
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: StatementArguments(values))
    }

    /// Rewrites the signed columns of an existing transaction with its new JWS; its account stays.
    static func resign(_ transaction: LedgerTransaction, jws: String, in db: Database) throws {
        let values = columnValues(of: transaction) + [jws.databaseValue, transaction.id.databaseValue]
        try db.cachedStatement(sql: resignSQL).execute(arguments: StatementArguments(values))
    }

    /// The signed columns' values, in `LedgerTransaction.signedFields` order.
    static func columnValues(of transaction: LedgerTransaction) -> [DatabaseValue] {
        LedgerTransaction.signedFields.map { field in
            switch field.value(transaction) {
            case nil: .null
            case .string(let text): text.databaseValue
            case .integer(let number): number.databaseValue
            case .bool(let flag): flag.databaseValue
            }
        }
    }

    /// `account`'s rows that meet `condition`, oldest first.
    static func fetchAll(
        _ db: Database, account: CustomerAccount, where condition: String = "1", arguments: StatementArguments = []
    ) throws -> [TransactionRow] {
        try fetchAll(db, where: "account = ? AND (\(condition))", arguments: [account.id] + arguments)
    }

    /// The row of `id` in `account`.
    static func fetchOne(_ db: Database, account: CustomerAccount, id: Int64) throws -> TransactionRow? {
        try fetchAll(db, account: account, where: "id = ?", arguments: [id]).first
    }

    /// The row `attemptID` recorded, in any account: attempt IDs are unique in the whole ledger.
    static func fetchOne(_ db: Database, attemptID: UUID) throws -> TransactionRow? {
        try fetchAll(db, where: "purchaseAttemptID = ?", arguments: [attemptID.uuidString]).first
    }

    private static func fetchAll(_ db: Database, where condition: String, arguments: StatementArguments) throws
        -> [TransactionRow]
    {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT * FROM transactions WHERE \(condition) ORDER BY id"),
            arguments: arguments
        )
        var result: [TransactionRow] = []
        while let row = try rows.next() {
            result.append(try TransactionRow(row: row))
        }
        return result
    }

    init(transaction: LedgerTransaction, isFinished: Bool, purchaseAttemptID: UUID, jws: String) {
        self.transaction = transaction
        self.isFinished = isFinished
        self.purchaseAttemptID = purchaseAttemptID
        self.jws = jws
    }

    init(row: Row) throws {
        let id: Int64 = try row.decode(forColumn: "id")
        func date(_ column: String) throws -> Date? {
            try row.decode(Int64?.self, forColumn: column).map(Date.init(ledgerMilliseconds:))
        }
        func required<Value>(_ value: Value?, _ column: String) throws -> Value {
            guard let value else { throw CorruptRow(table: "transactions", id: id, column: column) }
            return value
        }
        func uuid(_ column: String) throws -> UUID? {
            try row.decode(String?.self, forColumn: column).map { try required(UUID(uuidString: $0), column) }
        }
        let account = CustomerAccount(checked: try row.decode(String.self, forColumn: "account"))
        transaction = LedgerTransaction(
            id: id,
            originalID: try row.decode(forColumn: "originalID"),
            productID: try row.decode(forColumn: "productID"),
            productType: .init(rawValue: try row.decode(forColumn: "productType")),
            purchaseDate: try required(date("purchaseDate"), "purchaseDate"),
            originalPurchaseDate: try required(date("originalPurchaseDate"), "originalPurchaseDate"),
            expirationDate: try date("expirationDate"),
            revocationDate: try date("revocationDate"),
            revocationReason: try row.decode(Int?.self, forColumn: "revocationReason").map(LedgerTransaction.RevocationReason.init),
            purchasedQuantity: try row.decode(forColumn: "purchasedQuantity"),
            offerType: try row.decode(Int?.self, forColumn: "offerType").map(LedgerTransaction.OfferType.init),
            offerID: try row.decode(forColumn: "offerID"),
            offerPaymentMode: try row.decode(String?.self, forColumn: "offerPaymentMode").map(LedgerTransaction.OfferPaymentMode.init),
            isUpgraded: try row.decode(forColumn: "isUpgraded"),
            ownershipType: .init(rawValue: try row.decode(forColumn: "ownershipType")),
            storefront: try row.decode(forColumn: "storefront"),
            appAccountToken: try uuid("appAccountToken"),
            price: try row.decode(String?.self, forColumn: "price").map { try required(Decimal(string: $0), "price") },
            currency: try row.decode(forColumn: "currency"),
            subscriptionGroupID: try row.decode(forColumn: "subscriptionGroupID"),
            account: account,
            signedDate: try required(date("signedDate"), "signedDate")
        )
        isFinished = try row.decode(forColumn: "finished")
        purchaseAttemptID = try required(uuid("purchaseAttemptID"), "purchaseAttemptID")
        jws = try row.decode(forColumn: "jws")
    }
}

/// A row whose column cannot be read back; only possible when CHECKs were bypassed.
struct CorruptRow: Error {
    var table: String
    var id: Int64
    var column: String
}
