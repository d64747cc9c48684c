import StorefrontModel

/// A message box the app shows over the screen until the customer closes it. Alerts
/// queue: one arriving while another shows waits its turn, so no result is lost.
///
/// ```swift
/// let alert = AppAlert.thankYou(for: tip, count: 3)
/// alert.title  // "Thank you!"
/// ```
public struct AppAlert: Sendable, Hashable {
    /// How the alert is drawn.
    public enum Kind: Sendable, Hashable {
        case success, waiting, error, info
    }

    public var kind: Kind
    public var title: String
    public var message: String

    public init(kind: Kind, title: String, message: String) {
        self.kind = kind
        self.title = title
        self.message = message
    }

    /// After a consumable is bought: thanks, and how many the customer has now.
    public static func thankYou(for product: Product, count: Int?) -> AppAlert {
        let collection = count.map { $0 > 1 ? " You have \($0) now." : "" } ?? ""
        return AppAlert(kind: .success, title: "Thank you!", message: "\(product.displayName) is yours.\(collection)")
    }

    /// A purchase that waits for approval (Ask to Buy).
    public static func waitingForApproval(_ product: Product) -> AppAlert {
        AppAlert(
            kind: .waiting, title: "Waiting for approval",
            message: "\(product.displayName) needs approval. It will appear here once approved."
        )
    }

    /// A purchase that was waiting for approval went through.
    public static func approved(_ name: String) -> AppAlert {
        AppAlert(kind: .success, title: "Approved", message: "\(name) was approved and is yours.")
    }

    /// A purchase that failed, with the store's reason.
    public static func purchaseFailed(_ name: String, reason: String) -> AppAlert {
        AppAlert(kind: .error, title: "Purchase failed", message: "\(name): \(reason)")
    }

    /// The result of Restore Purchases.
    public static func restored(_ owned: CustomerEntitlements) -> AppAlert {
        let count = owned.purchasedProductIDs.count
        let message = count == 0
            ? "There were no purchases to restore."
            : "Your purchases are up to date: \(count) active \(count == 1 ? "item" : "items")."
        return AppAlert(kind: .info, title: "Purchases restored", message: message)
    }

    /// Restore Purchases failed.
    public static func restoreFailed(reason: String) -> AppAlert {
        AppAlert(kind: .error, title: "Restore failed", message: reason)
    }
}
