import Foundation
import StorefrontModel

/// How a purchase in the local store ended, with what a tool needs to act on it: the
/// Ask to Buy request behind a pending purchase.
///
/// ```swift
/// switch try await store.buy("tip.small") {
/// case .success(let result): print("bought", result.unsafePayloadValue.id)
/// case .pending(let request): print("approve request", request.id)
/// case .userCancelled: print("cancelled")
/// }
/// ```
public enum LocalPurchaseOutcome: Sendable {
    /// Bought (or already owned): the transaction, verified or not.
    case success(VerificationResult<Transaction>)
    /// Waiting for approval (Ask to Buy) or for the customer to resolve an interrupted
    /// purchase; `approveAskToBuy(requestID:)` completes it.
    case pending(AskToBuyRequest)
    /// The customer cancelled at the payment sheet; nothing was recorded.
    case userCancelled

    /// The outcome as StoreKit reports it.
    public var purchaseResult: Product.PurchaseResult {
        switch self {
        case .success(let result): .success(result)
        case .pending: .pending
        case .userCancelled: .userCancelled
        }
    }
}

extension LocalStore {
    public func purchase(_ product: Product, options: Set<Product.PurchaseOption>) async throws -> Product.PurchaseResult {
        try await buy(product.id, options: options).purchaseResult
    }

    /// Buys the catalog product `productID`, recording it in the ledger once under a
    /// purchase-attempt ID made before anything else happens.
    ///
    /// The order: the payment sheet (`cancelsPurchases` ends here), latency, the purchase
    /// failure control, then Ask to Buy or an interrupted purchase (`.pending`), then the
    /// purchase itself. A non-consumable already owned, or the current subscription plan,
    /// returns the transaction that has it instead of charging again.
    ///
    /// - Throws: `Product.PurchaseError.productUnavailable` for an ID the catalog lacks or a
    ///   product removed from sale,
    ///   `.invalidQuantity`, `.invalidOfferIdentifier`, `SignedOfferError` for a signed offer or
    ///   eligibility refused, a simulated error, or `LedgerError`.
    public func buy(_ productID: Product.ID, options: Set<Product.PurchaseOption> = []) async throws -> LocalPurchaseOutcome {
        // A failover in the middle delays the purchase, and fails it only after the write's own 30 s.
        try await Ledger.readingThroughOutages { try await purchase(productID, options: options) }
    }

    private func purchase(_ productID: Product.ID, options: Set<Product.PurchaseOption>) async throws -> LocalPurchaseOutcome {
        let attemptID = UUID()
        if controls.cancelsPurchases { return .userCancelled }
        try await begin(.purchase)
        guard let product = catalog.product(id: productID), try await !isRemovedFromSale(productID) else {
            throw Product.PurchaseError.productUnavailable
        }
        var request = try PurchaseRequest(product: product, options: options)
        let now = try await storeNow()
        try await checkSignatures(of: &request, at: now)

        if controls.askToBuy || controls.interruptedPurchases || request.asksToBuy {
            let purchase = try await plannedPurchase(request, at: now)
            return .pending(try await ledger.requestAskToBuy(purchase, attemptID: attemptID, at: now))
        }
        switch product.type {
        case .autoRenewable:
            return .success(handOut(try await subscribe(request, attemptID: attemptID, at: now), sending: false))
        case .nonConsumable:
            if let owned = try await ledger.transactions().last(where: {
                $0.isVerified && $0.transaction.productID == productID && $0.transaction.revocationDate == nil
            }) {
                return .success(handOut(owned, sending: false))
            }
        case .consumable, .nonRenewable:
            break
        }
        let entry = try await ledger.recordPurchase(ledgerPurchase(request, at: now), attemptID: attemptID)
        return .success(handOut(entry, sending: false))
    }

    /// The purchase an Ask to Buy request files: a subscription with its first period
    /// (and intro offer, if the customer is eligible now).
    private func plannedPurchase(_ request: PurchaseRequest, at now: Date) async throws -> LedgerPurchase {
        guard request.product.type == .autoRenewable else { return ledgerPurchase(request, at: now) }
        return subscriptionPurchase(
            of: request.product, from: now,
            offer: try await firstOffer(for: request), appAccountToken: request.appAccountToken
        )
    }

    /// A purchase of anything but an auto-renewable subscription.
    func ledgerPurchase(_ request: PurchaseRequest, at now: Date) -> LedgerPurchase {
        let product = request.product
        return LedgerPurchase(
            productID: product.id,
            productType: LedgerTransaction.ProductType(product.type),
            purchaseDate: now,
            purchasedQuantity: request.quantity,
            storefront: catalog.country.countryCode,
            appAccountToken: request.appAccountToken,
            price: product.price,
            currency: catalog.country.currencyCode
        )
    }

    /// A subscription period of `product` from `start`, at its price or `offer`'s.
    func subscriptionPurchase(
        of product: Product, from start: Date, offer: Product.SubscriptionOffer?, appAccountToken: UUID? = nil
    ) -> LedgerPurchase {
        let rate = controls.timeRate
        var expiration = start
        if let offer {
            // Pay as you go bills one offer period at a time; the others cover all of theirs.
            let periods = offer.paymentMode == .payAsYouGo ? 1 : offer.periodCount
            for _ in 0..<max(1, periods) { expiration = rate.periodEnd(offer.period, from: expiration) }
        } else if let period = product.subscription?.subscriptionPeriod {
            expiration = rate.periodEnd(period, from: start)
        }
        var purchase = LedgerPurchase(
            productID: product.id,
            productType: .autoRenewable,
            purchaseDate: start,
            expirationDate: expiration,
            offerType: offer.map { LedgerTransaction.OfferType($0.type) },
            offerID: offer?.id,
            offerPaymentMode: offer.map { LedgerTransaction.OfferPaymentMode($0.paymentMode) },
            storefront: catalog.country.countryCode,
            appAccountToken: appAccountToken,
            price: offer?.price ?? product.price,
            currency: catalog.country.currencyCode,
            subscriptionGroupID: product.subscription?.subscriptionGroupID
        )
        purchase.offerPeriod = offer.map { $0.period.repeated($0.periodCount).iso8601 }
        return purchase
    }
}
