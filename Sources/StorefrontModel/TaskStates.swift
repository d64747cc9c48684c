import Foundation

extension Product {
    /// Where loading one product stands.
    ///
    /// ```swift
    /// func line(_ state: Product.TaskState) -> String {
    ///     switch state {
    ///     case .loading: "Loading…"
    ///     case .unavailable: "Not available in this store"
    ///     case .failure(let error): "Could not load: \(error.localizedDescription)"
    ///     case .success(let product): "\(product.displayName) \(product.displayPrice)"
    ///     }
    /// }
    /// ```
    public enum TaskState: Sendable {
        case loading
        /// The load worked, but the store has no such product in this storefront.
        case unavailable
        /// The load itself failed; it can be retried.
        case failure(any Error)
        case success(Product)
    }

    /// Where loading a list of products stands.
    ///
    /// A load that worked is `.success` even when some or all IDs were unknown; those
    /// are listed in `unavailable`. `.failure` means the load itself failed.
    ///
    /// ```swift
    /// func line(_ state: Product.CollectionTaskState) -> String {
    ///     switch state {
    ///     case .loading: "Loading…"
    ///     case .failure: "Could not reach the store. Press r to retry."
    ///     case .success(let products, _) where products.isEmpty: "Nothing for sale here."
    ///     case .success(let products, let unavailable):
    ///         "\(products.count) products, \(unavailable.count) unavailable"
    ///     }
    /// }
    /// ```
    public enum CollectionTaskState: Sendable {
        case loading
        case failure(any Error)
        /// The products found, in the order asked for, and the IDs that were not.
        case success([Product], unavailable: [Product.ID])

        /// The state of one product of the collection, as a single-product view shows it.
        public func taskState(for id: Product.ID) -> TaskState {
            switch self {
            case .loading: return .loading
            case .failure(let error): return .failure(error)
            case .success(let products, _):
                return products.first { $0.id == id }.map(TaskState.success) ?? .unavailable
            }
        }
    }
}

/// Where loading something the customer owns stands: an entitlement, or the statuses
/// of a subscription group.
///
/// ```swift
/// let state: EntitlementTaskState<VerificationResult<Transaction>?> = .success(nil)
/// print(state.transaction == nil) // true: not owned
/// ```
public enum EntitlementTaskState<State> {
    case loading
    case failure(any Error)
    case success(State)

    /// The loaded value, or `nil` while loading or after a failure.
    public var value: State? {
        if case .success(let value) = self { value } else { nil }
    }
}

extension EntitlementTaskState: Sendable where State: Sendable {}

extension EntitlementTaskState where State == VerificationResult<Transaction>? {
    /// The transaction that entitles the customer, or `nil` (always `nil` for consumables).
    public var transaction: VerificationResult<Transaction>? {
        value ?? nil
    }
}

/// Two failures are the same news when they say the same thing: errors are not
/// comparable, but a view (or a test) can tell whether anything it would show changed.
func sameFailure(_ lhs: any Error, _ rhs: any Error) -> Bool {
    String(reflecting: lhs) == String(reflecting: rhs)
}

extension Product.CollectionTaskState: Equatable {
    /// ```swift
    /// Product.CollectionTaskState.loading == .loading  // true
    /// ```
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.loading, .loading): true
        case (.failure(let left), .failure(let right)): sameFailure(left, right)
        case (.success(let left, let leftMissing), .success(let right, let rightMissing)):
            left == right && leftMissing == rightMissing
        default: false
        }
    }
}

extension EntitlementTaskState: Equatable where State: Equatable {
    /// ```swift
    /// EntitlementTaskState<Int>.success(1) == .success(1)  // true
    /// ```
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.loading, .loading): true
        case (.failure(let left), .failure(let right)): sameFailure(left, right)
        case (.success(let left), .success(let right)): left == right
        default: false
        }
    }
}
