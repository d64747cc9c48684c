import Foundation

/// The purchase actions installed around a view, as one value.
///
/// Build it from the outermost view to the innermost: each call adds a layer inside
/// the ones before it, like a view modifier on a descendant view.
/// - Start actions compose: all of them run, innermost first, each awaited.
///   `nil` removes every start action installed further out.
/// - Options compose the same way: their sets are joined; `nil` removes the outer ones.
/// - Completion overrides: the innermost action is the only one that runs;
///   `nil` restores the default (verified transactions go to the updates stream and are
///   finished, errors become an alert).
///
/// ```swift
/// let actions = PurchaseActions()
///     .onInAppPurchaseStart { product in print("outer start", product.id) }
///     .onInAppPurchaseStart { product in print("inner start", product.id) }
///     .onInAppPurchaseCompletion { product, result in print("done", product.id, result) }
/// try await storefront.purchase(product, actions: actions)
/// // inner start, outer start, then the purchase, then done
/// ```
public struct PurchaseActions: Sendable {
    public typealias StartAction = @Sendable (Product) async -> Void
    public typealias OptionsAction = @Sendable (Product) async -> Set<Product.PurchaseOption>
    public typealias CompletionAction = @Sendable (Product, Result<Product.PurchaseResult, any Error>) async -> Void

    /// Innermost first: the order they run in.
    public private(set) var startActions: [StartAction] = []
    /// Innermost first.
    public private(set) var optionsActions: [OptionsAction] = []
    /// `nil` means the default completion.
    public private(set) var completionAction: CompletionAction?

    /// No actions: the default completion only.
    public init() {}

    /// Adds a start action inside the current ones; `nil` removes the current ones.
    public func onInAppPurchaseStart(_ action: StartAction?) -> PurchaseActions {
        var copy = self
        copy.startActions = action.map { [$0] + startActions } ?? []
        return copy
    }

    /// Adds purchase options inside the current ones; `nil` removes the current ones.
    public func inAppPurchaseOptions(_ action: OptionsAction?) -> PurchaseActions {
        var copy = self
        copy.optionsActions = action.map { [$0] + optionsActions } ?? []
        return copy
    }

    /// Replaces the completion; `nil` restores the default.
    public func onInAppPurchaseCompletion(_ action: CompletionAction?) -> PurchaseActions {
        var copy = self
        copy.completionAction = action
        return copy
    }

    /// Runs every start action, innermost first, one after another.
    func runStartActions(for product: Product) async {
        for action in startActions {
            await action(product)
        }
    }

    /// `defaults` joined with the options of every options action.
    func options(for product: Product, adding defaults: Set<Product.PurchaseOption>) async -> Set<Product.PurchaseOption> {
        var options = defaults
        for action in optionsActions {
            options.formUnion(await action(product))
        }
        return options
    }
}

/// Shows the store's confirmation sheet for a purchase and answers whether the
/// customer confirmed. It runs after the start actions and the options.
///
/// ```swift
/// let confirm: PurchaseConfirmation = { product, options in
///     await sheet.ask("Buy \(product.displayName) for \(product.displayPrice)?")
/// }
/// ```
public typealias PurchaseConfirmation = @Sendable (Product, Set<Product.PurchaseOption>) async -> Bool
