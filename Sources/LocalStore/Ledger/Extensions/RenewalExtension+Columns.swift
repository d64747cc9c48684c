import Foundation

/// The rows of `renewalExtensions` and `massRenewalExtensions` as every engine writes and reads them.
extension RenewalExtension {
    package static let columnNames = [
        "originalTransactionID", "requestIdentifier", "account", "extendByDays", "reasonCode", "effectiveDate", "refusal",
        "createdAt", "mass",
    ]

    package func columnValues(account: CustomerAccount) -> [LedgerColumnValue?] {
        [
            .integer(originalTransactionID), .string(requestIdentifier), .string(account.id), .integer(Int64(extendByDays)),
            .integer(Int64(reason.rawValue)), effectiveDate.map { .integer($0.ledgerMilliseconds) }, refusal.map { .string($0.rawValue) },
            .integer(createdAt.ledgerMilliseconds), .integer(isPartOfMassExtension ? 1 : 0),
        ]
    }

    package init(columns row: some LedgerColumns) throws {
        let id = try row.int64("originalTransactionID") ?? 0
        func required<Value>(_ value: Value?, _ column: String) throws -> Value {
            try row.required(value, table: "renewalExtensions", id: id, column: column)
        }
        originalTransactionID = id
        requestIdentifier = try required(row.string("requestIdentifier"), "requestIdentifier")
        extendByDays = Int(try required(row.int64("extendByDays"), "extendByDays"))
        reason = try required(row.int64("reasonCode").flatMap { Reason(rawValue: Int($0)) }, "reasonCode")
        effectiveDate = try row.int64("effectiveDate").map(Date.init(ledgerMilliseconds:))
        refusal = try row.string("refusal").map { try required(Refusal(rawValue: $0), "refusal") }
        createdAt = Date(ledgerMilliseconds: try required(row.int64("createdAt"), "createdAt"))
        isPartOfMassExtension = try row.int64("mass") == 1
    }
}

extension MassRenewalExtension {
    package static let columnNames = [
        "requestIdentifier", "productID", "extendByDays", "reasonCode", "storefrontCountryCodes", "requestedAt",
    ]

    /// The columns a new request is written with; the outcome columns start at their defaults.
    package var columnValues: [LedgerColumnValue?] {
        [
            .string(requestIdentifier), .string(productID), .integer(Int64(extendByDays)), .integer(Int64(reason.rawValue)),
            storefrontCountryCodes.map { .string($0.joined(separator: ",")) }, .integer(requestedAt.ledgerMilliseconds),
        ]
    }

    package init(columns row: some LedgerColumns) throws {
        func required<Value>(_ value: Value?, _ column: String) throws -> Value {
            try row.required(value, table: "massRenewalExtensions", id: 0, column: column)
        }
        self.init(
            requestIdentifier: try required(row.string("requestIdentifier"), "requestIdentifier"),
            productID: try required(row.string("productID"), "productID"),
            extendByDays: Int(try required(row.int64("extendByDays"), "extendByDays")),
            reason: try required(row.int64("reasonCode").flatMap { RenewalExtension.Reason(rawValue: Int($0)) }, "reasonCode"),
            storefrontCountryCodes: try row.string("storefrontCountryCodes").map { $0.split(separator: ",").map(String.init) },
            requestedAt: Date(ledgerMilliseconds: try required(row.int64("requestedAt"), "requestedAt"))
        )
        completedAt = try row.int64("completedAt").map(Date.init(ledgerMilliseconds:))
        succeededCount = Int(try row.int64("succeededCount") ?? 0)
        failedCount = Int(try row.int64("failedCount") ?? 0)
    }
}
