import Foundation

/// Why a price-change control was refused: one line naming the product or transaction.
public enum PriceChangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The catalog has no auto-renewable subscription of that ID.
    case notASubscription(productID: String)
    /// The new price is not above what the subscriber pays now.
    case notAnIncrease(productID: String, price: Decimal, current: Decimal)
    /// No standing subscription, on that product, is subject to the change.
    case noSubscribers(productID: String)
    /// The transaction's chain has no price increase waiting for the customer's answer.
    case noPendingIncrease(transactionID: Int64)

    public var description: String {
        switch self {
        case .notASubscription(let id): "\(id) is not an auto-renewable subscription of the catalog"
        case .notAnIncrease(let id, let price, let current): "\(price) is not above \(id)'s current price \(current)"
        case .noSubscribers(let id): "no standing subscription renews as \(id)"
        case .noPendingIncrease(let id): "transaction \(id)'s subscription has no price increase waiting for an answer"
        }
    }

    /// sysexits: 65 for a product or price the catalog cannot take, 1 when nothing is subject to it.
    public var exitCode: Int32 {
        switch self {
        case .notASubscription, .notAnIncrease: 65
        case .noSubscribers, .noPendingIncrease: 1
        }
    }
}
