import Foundation
import StorefrontModel

extension LedgerEntry {
    /// The entry as StoreKit hands it out: verified only when its signature checked out
    /// and its values are ones StoreKit knows.
    ///
    /// ```swift
    /// for entry in try await ledger.transactions() {
    ///     if case .verified(let transaction) = entry.verificationResult { print(transaction.productID) }
    /// }
    /// ```
    public var verificationResult: VerificationResult<Transaction> {
        let stored = transaction
        let productType = Product.ProductType(stored.productType)
        let value = Transaction(
            id: UInt64(clamping: stored.id),
            originalID: UInt64(clamping: stored.originalID),
            productID: stored.productID,
            productType: productType ?? .consumable,
            subscriptionGroupID: stored.subscriptionGroupID,
            purchaseDate: stored.purchaseDate,
            originalPurchaseDate: stored.originalPurchaseDate,
            expirationDate: stored.expirationDate,
            revocationDate: stored.revocationDate,
            revocationReason: stored.revocationReason.map { $0 == .developerIssue ? .developerIssue : .other },
            purchasedQuantity: stored.purchasedQuantity,
            offer: stored.offerType.map { type in
                Transaction.Offer(
                    type: Product.SubscriptionOffer.OfferType(type),
                    id: stored.offerID,
                    paymentMode: stored.offerPaymentMode.flatMap(Product.SubscriptionOffer.PaymentMode.init),
                    period: stored.offerPeriod.flatMap(Product.SubscriptionPeriod.init(iso8601:))
                )
            },
            isUpgraded: stored.isUpgraded,
            appAccountToken: stored.appAccountToken,
            price: stored.price,
            currency: stored.currency.map { Locale.Currency($0) },
            appTransactionID: stored.account.appTransactionID
        ).billed(
            as: stored.billingPlanType.map { Product.SubscriptionInfo.BillingPlanType(rawValue: $0.rawValue) },
            commitment: stored.commitment.map { commitment in
                Transaction.CommitmentInfo(
                    expirationDate: commitment.expirationDate,
                    billingPeriodNumber: UInt64(clamping: commitment.billingPeriodNumber),
                    totalBillingPeriods: UInt64(clamping: commitment.totalBillingPeriods),
                    price: commitment.price
                )
            }
        ).owned(as: Transaction.OwnershipType(rawValue: stored.ownershipType.rawValue))
        .revoked(
            as: stored.revocationType.map { Transaction.RevocationType(rawValue: $0.rawValue) },
            // Milliunits of a percent, StoreKit's percent: 40500 is 40.5.
            percentage: stored.revocationPercentage.map { Decimal($0) / 1000 }
        )
        if case .unverified(let failure) = verification {
            return .unverified(value, VerificationResult<Transaction>.VerificationError(failure))
        }
        // A signed product type this version does not know cannot be honoured.
        guard productType != nil else { return .unverified(value, .invalidEncoding) }
        return .verified(value)
    }
}

extension VerificationResult<Transaction>.VerificationError {
    /// The StoreKit error closest to why the ledger's check failed.
    init(_ failure: VerificationFailure) {
        self = switch failure {
        case .malformedJWS: .invalidEncoding
        case .keyMissing: .invalidCertificateChain
        case .invalidSignature, .payloadMismatch: .invalidSignature
        }
    }
}

extension Product.ProductType {
    /// StoreKit's type for a ledger's; `nil` for a value StoreKit does not have.
    init?(_ type: LedgerTransaction.ProductType) {
        switch type {
        case .consumable: self = .consumable
        case .nonConsumable: self = .nonConsumable
        case .nonRenewable: self = .nonRenewable
        case .autoRenewable: self = .autoRenewable
        default: return nil
        }
    }
}

extension LedgerTransaction.ProductType {
    init(_ type: Product.ProductType) {
        self = switch type {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewable: .nonRenewable
        case .autoRenewable: .autoRenewable
        }
    }
}

extension Product.SubscriptionOffer.OfferType {
    /// Unknown signed values read as promotional: an offer, but not the introductory one.
    init(_ type: LedgerTransaction.OfferType) {
        self = switch type {
        case .introductory: .introductory
        case .code: .code
        case .winBack: .winBack
        default: .promotional
        }
    }
}

extension LedgerTransaction.OfferType {
    /// The App Store's number for StoreKit's offer type (`offerType` in signed payloads).
    public init(_ type: Product.SubscriptionOffer.OfferType) {
        self = switch type {
        case .introductory: .introductory
        case .promotional: .promotional
        case .code: .code
        case .winBack: .winBack
        }
    }
}

extension Product.SubscriptionOffer.PaymentMode {
    init?(_ mode: LedgerTransaction.OfferPaymentMode) {
        switch mode {
        case .freeTrial: self = .freeTrial
        case .payAsYouGo: self = .payAsYouGo
        case .payUpFront: self = .payUpFront
        case .oneTime: self = .oneTime
        default: return nil
        }
    }
}

extension LedgerTransaction.OfferPaymentMode {
    /// The App Store's name for StoreKit's payment mode (`offerDiscountType` in signed payloads).
    public init(_ mode: Product.SubscriptionOffer.PaymentMode) {
        self = switch mode {
        case .freeTrial: .freeTrial
        case .payAsYouGo: .payAsYouGo
        case .payUpFront: .payUpFront
        case .oneTime: .oneTime
        }
    }
}

extension VerificationResult.VerificationError {
    /// The same error for another signed type: each `VerificationResult` nests its own.
    func forSigned<Other>(_: Other.Type) -> VerificationResult<Other>.VerificationError {
        switch self {
        case .revokedCertificate: .revokedCertificate
        case .invalidCertificateChain: .invalidCertificateChain
        case .invalidDeviceVerification: .invalidDeviceVerification
        case .invalidEncoding: .invalidEncoding
        case .invalidSignature: .invalidSignature
        case .missingRequiredProperties: .missingRequiredProperties
        }
    }
}
