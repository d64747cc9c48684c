import StorefrontModel

/// What the app is told when the refund sheet closes: the transaction, and StoreKit's
/// outcome (`.success`, `.userCancelled`, or the `Transaction.RefundRequestError`).
public typealias RefundRequestDismissAction = @Sendable (
    Transaction.ID, Result<Transaction.RefundRequestStatus, Transaction.RefundRequestError>
) async -> Void

extension AppOptions {
    /// SwiftUI's `refundRequestSheet(for:isPresented:onDismiss:)` for the whole app: the
    /// sheet opens from Your Purchases (f on a purchase, which is `for:`; the key is
    /// `isPresented:`), and `onDismiss` runs as it closes, submitted or cancelled.
    ///
    /// ```swift
    /// let options = AppOptions().refundRequestSheet { transactionID, result in
    ///     if case .success(.success) = result { print("refund requested for", transactionID) }
    /// }
    /// ```
    public func refundRequestSheet(onDismiss: @escaping RefundRequestDismissAction) -> AppOptions {
        var copy = self
        copy.refundRequestDismissAction = onDismiss
        return copy
    }
}
