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

    public init(appVersion: String, originalAppVersion: String, originalPurchaseDate: Date) {
        self.appVersion = appVersion
        self.originalAppVersion = originalAppVersion
        self.originalPurchaseDate = originalPurchaseDate
    }
}
