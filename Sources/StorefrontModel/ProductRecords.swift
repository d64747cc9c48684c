import Foundation

/// Products a store keeps in a form of its own, read a field at a time: `Product(row:of:)`
/// is then a reference and a row, so a store answering for 100,000 products makes no copy
/// of what it keeps (a copy of every product's fields was 10 MB more at that size, and the
/// subscriptions' terms 4 MB). A store's subclass overrides every method: each answers for
/// one row, and the same row always answers the same.
///
/// ```swift
/// final class Tips: ProductRecords, @unchecked Sendable {
///     let names = ["Small Tip", "Large Tip"]
///     override func id(at row: Int) -> Product.ID { "tip.\(row)" }
///     override func displayName(at row: Int) -> String { names[row] }
///     // … and the other fields
/// }
/// let tip = Product(row: 1, of: Tips())
/// ```
///
/// Unchecked: a subclass must be safe to read from any task (immutable, or locked).
open class ProductRecords: @unchecked Sendable {
    public init() {}

    open func id(at row: Int) -> Product.ID { mustOverride() }
    open func type(at row: Int) -> Product.ProductType { mustOverride() }
    open func displayName(at row: Int) -> String { mustOverride() }
    open func description(at row: Int) -> String { mustOverride() }
    open func price(at row: Int) -> Decimal { mustOverride() }
    open func displayPrice(at row: Int) -> String { mustOverride() }
    open func priceFormatStyle(at row: Int) -> Decimal.FormatStyle.Currency { mustOverride() }
    open func isFamilyShareable(at row: Int) -> Bool { mustOverride() }
    open func subscription(at row: Int) -> Product.SubscriptionInfo? { mustOverride() }

    private func mustOverride(_ method: StaticString = #function) -> Never {
        fatalError("\(Self.self) must override ProductRecords.\(method)")
    }
}
