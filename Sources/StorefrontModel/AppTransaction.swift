import Foundation

/// The signed record that the customer has the app, and since which version.
///
/// ```swift
/// let app = AppTransaction(
///     appVersion: "3.0", originalAppVersion: "2.1.1",
///     originalPurchaseDate: Date(timeIntervalSince1970: 0)
/// )
/// print(app.originalAppVersion) // 2.1.1: bought while the app was still paid
/// ```
public struct AppTransaction: Hashable, Sendable, Codable {
    /// The version the customer runs now.
    public let appVersion: String
    /// The version the customer first got; decides grandfathered entitlements.
    public let originalAppVersion: String
    public let originalPurchaseDate: Date
    /// This customer's app transaction: one per customer and app, the same on every
    /// transaction and renewal info of theirs (`Transaction.appTransactionID`).
    public let appTransactionID: String
    /// Where the customer first got the app.
    public let originalPlatform: AppStore.Platform

    public init(
        appVersion: String, originalAppVersion: String, originalPurchaseDate: Date,
        appTransactionID: String = "", originalPlatform: AppStore.Platform = .iOS
    ) {
        self.appVersion = appVersion
        self.originalAppVersion = originalAppVersion
        self.originalPurchaseDate = originalPurchaseDate
        self.appTransactionID = appTransactionID
        self.originalPlatform = originalPlatform
    }
}
