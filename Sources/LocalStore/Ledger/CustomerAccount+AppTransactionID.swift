import Crypto
import Foundation

extension CustomerAccount {
    /// The customer's app transaction ID (Apple's `appTransactionId`): a decimal number, one
    /// per customer of the ledger's app, the same in every process and on every engine.
    ///
    /// It is worked out from the account ID (the first 8 bytes of a SHA-256, below 2^63),
    /// not stored: every transaction, renewal info and app transaction of the account, old
    /// rows included, carries it without a column or a signature of its own, and a ledger
    /// is one app's, so within it the account names the customer and the app together.
    ///
    /// ```swift
    /// print(CustomerAccount.local.appTransactionID)  // the same digits every run
    /// ```
    public var appTransactionID: String {
        let digest = SHA256.hash(data: Data("storefront.appTransaction \(id)".utf8))
        let number = digest.prefix(8).reduce(UInt64(0)) { ($0 << 8) | UInt64($1) } >> 1
        return String(number)
    }
}
