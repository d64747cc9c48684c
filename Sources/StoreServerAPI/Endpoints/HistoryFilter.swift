import Foundation
import LocalStore

/// Get Transaction History's query: which of the customer's transactions, in which order.
/// Each parameter that does not parse is Apple's error for that parameter.
///
/// ```swift
/// let filter = try HistoryFilter(request)     // ?productType=CONSUMABLE&sort=DESCENDING
/// let wanted = transactions.filter(filter.matches)
/// ```
struct HistoryFilter {
    var start: Int64?
    var end: Int64?
    var productIDs: Set<String> = []
    var productTypes: Set<LedgerTransaction.ProductType> = []
    var groups: Set<String> = []
    var revoked: Bool?
    var ownership: LedgerTransaction.OwnershipType?
    var descending = false

    private static let productTypeNames: [String: LedgerTransaction.ProductType] = [
        "AUTO_RENEWABLE": .autoRenewable, "NON_RENEWABLE": .nonRenewable,
        "CONSUMABLE": .consumable, "NON_CONSUMABLE": .nonConsumable,
    ]

    init(_ request: APIRequest) throws(APIError) {
        start = try Self.milliseconds(request.value("startDate", or: .invalidStartDate), or: .invalidStartDate)
        end = try Self.milliseconds(request.value("endDate", or: .invalidEndDate), or: .invalidEndDate)
        if let start, let end, start >= end { throw .startDateAfterEndDate }
        for id in request.values("productId") {
            guard !id.isEmpty, id.utf8.count <= 200 else { throw .invalidProductID }
            productIDs.insert(id)
        }
        for name in request.values("productType") {
            guard let type = Self.productTypeNames[name] else { throw .invalidProductType }
            productTypes.insert(type)
        }
        for group in request.values("subscriptionGroupIdentifier") {
            guard !group.isEmpty, group.utf8.count <= 200 else { throw .invalidSubscriptionGroupIdentifier }
            groups.insert(group)
        }
        if let text = try request.value("revoked", or: .invalidRevoked) {
            // Apple's Python client sends Python's spelling, "True" and "False".
            switch text.lowercased() {
            case "true": revoked = true
            case "false": revoked = false
            default: throw .invalidRevoked
            }
        }
        if let text = try request.value("inAppOwnershipType", or: .invalidInAppOwnershipType) {
            guard ["PURCHASED", "FAMILY_SHARED"].contains(text) else { throw .invalidInAppOwnershipType }
            ownership = LedgerTransaction.OwnershipType(rawValue: text)
        }
        switch try request.value("sort", or: .invalidSort) {
        case nil, "ASCENDING": descending = false
        case "DESCENDING": descending = true
        default: throw .invalidSort
        }
    }

    func matches(_ transaction: LedgerTransaction) -> Bool {
        let purchased = transaction.purchaseDate.milliseconds
        if let start, purchased < start { return false }
        if let end, purchased >= end { return false }
        if !productIDs.isEmpty, !productIDs.contains(transaction.productID) { return false }
        if !productTypes.isEmpty, !productTypes.contains(transaction.productType) { return false }
        if !groups.isEmpty, !groups.contains(transaction.subscriptionGroupID ?? "") { return false }
        if let revoked, revoked != (transaction.revocationDate != nil) { return false }
        if let ownership, ownership != transaction.ownershipType { return false }
        return true
    }

    /// A date parameter: milliseconds since 1970, not negative.
    static func milliseconds(_ text: String?, or failure: APIError) throws(APIError) -> Int64? {
        guard let text else { return nil }
        guard let value = Int64(text), value >= 0 else { throw failure }
        return value
    }
}
