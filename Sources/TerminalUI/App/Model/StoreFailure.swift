import StorefrontModel

/// An error the store answered with, as a message carries it: the error itself (so it can
/// be described in the customer's language), and equal to another when both say the same
/// thing, so messages and states can be compared whole in tests.
///
/// ```swift
/// let failure = StoreFailure(StoreKitError.notEntitled)
/// failure == StoreFailure(StoreKitError.notEntitled)  // true
/// language.describe(failure.error)                   // "You are not entitled to this item."
/// ```
public struct StoreFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the store threw.
    public let error: any Error

    public init(_ error: any Error) {
        self.error = (error as? StoreFailure)?.error ?? error
    }

    public var description: String {
        String(reflecting: error)
    }

    public static func == (lhs: StoreFailure, rhs: StoreFailure) -> Bool {
        lhs.description == rhs.description
    }
}

extension Result where Failure == StoreFailure {
    /// The result of `body`, its error kept as a `StoreFailure`.
    ///
    /// ```swift
    /// let result = await Result { try await storefront.restorePurchases() }
    /// ```
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(StoreFailure(error))
        }
    }
}
