import Foundation
import StorefrontModel

/// A purchase as asked for: the product and its checked purchase options.
struct PurchaseRequest: Sendable {
    /// StoreKit's limit on how many of a consumable one purchase may buy.
    static let maximumQuantity = 10

    let product: Product
    let quantity: Int
    let appAccountToken: UUID?
    /// The promotional (or win-back) offer chosen with `.promotionalOffer`, or the offer
    /// an offer code grants; a promotional offer's signature is checked before it applies
    /// (`LocalStore.checkSignatures`), which sets it when the JWS alone names the offer.
    var promotionalOffer: Product.SubscriptionOffer?
    /// `.simulatesAskToBuyInSandbox(true)` was given.
    let asksToBuy: Bool
    /// The win-back offer chosen with `.winBackOffer`, one of the product's; whether the
    /// customer may take it is the store's to decide when it subscribes them.
    var winBackOffer: Product.SubscriptionOffer?
    /// The signature the promotional offer came with, not yet checked.
    var offerSignature: OfferSignature?
    /// `.introductoryOfferEligibility(compactJWS:)`'s JWS, not yet checked.
    var introEligibilityJWS: String?
    /// The app's server's checked word on the intro offer; nil: the store decides.
    var allowsIntroductoryOffer: Bool?

    /// A promotional offer's signature, in either form StoreKit takes.
    enum OfferSignature: Sendable {
        case legacy(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)
        /// `offerID` nil: the offer the JWS names.
        case compactJWS(String, offerID: String?)
    }
    /// The billing plan asked for with `.billingPlanType`; nil pays as the product does.
    var billingPlanType: Product.SubscriptionInfo.BillingPlanType? = nil

    init(product: Product, options: Set<Product.PurchaseOption>) throws(Product.PurchaseError) {
        var quantity = 1
        var appAccountToken: UUID?
        var offer: Product.SubscriptionOffer?
        var asksToBuy = false
        var winBack: Product.SubscriptionOffer?
        var signature: OfferSignature?
        var eligibility: String?
        var plan: Product.SubscriptionInfo.BillingPlanType?
        for option in options {
            switch option {
            case .quantity(let count):
                quantity = count
            case .appAccountToken(let token):
                appAccountToken = token
            case .promotionalOffer(let offerID, let keyID, let nonce, let signed, let timestamp):
                offer = try Self.promotionalOffer(offerID, of: product)
                signature = .legacy(offerID: offerID, keyID: keyID, nonce: nonce, signature: signed, timestamp: timestamp)
            case .simulatesAskToBuyInSandbox(let enabled):
                asksToBuy = enabled
            case .winBackOffer(let chosen):
                guard let found = product.subscription?.winBackOffers.first(where: { $0.id == chosen.id }) else {
                    throw .invalidOfferIdentifier
                }
                winBack = found
            case .promotionalOfferJWS(let offerID, let jws):
                if let offerID { offer = try Self.promotionalOffer(offerID, of: product) }
                signature = .compactJWS(jws, offerID: offerID)
            case .introductoryOfferEligibility(let jws):
                eligibility = jws
            case .billingPlanType(let type):
                // Up front is every subscription's way to pay; another plan must be the product's.
                guard product.type == .autoRenewable,
                      type == .upFront || product.subscription?.pricingTerms.contains(where: { $0.billingPlanType == type }) == true
                else { throw .productUnavailable }
                plan = type
            }
        }
        let allowed = product.type == .consumable ? 1...Self.maximumQuantity : 1...1
        guard allowed.contains(quantity) else { throw .invalidQuantity }
        self.product = product
        self.quantity = quantity
        self.appAccountToken = appAccountToken
        self.promotionalOffer = offer
        self.asksToBuy = asksToBuy
        self.winBackOffer = winBack
        offerSignature = signature
        introEligibilityJWS = eligibility
        self.billingPlanType = plan
    }

    /// The product's promotional offer `offerID`.
    static func promotionalOffer(_ offerID: String, of product: Product) throws(Product.PurchaseError) -> Product.SubscriptionOffer {
        guard let found = product.subscription?.promotionalOffers.first(where: { $0.id == offerID }) else {
            throw .invalidOfferIdentifier
        }
        return found
    }

    /// A subscription granted by an offer code: one purchase of `product` at `offer`.
    init(redeeming offer: Product.SubscriptionOffer, product: Product) {
        self.product = product
        quantity = 1
        appAccountToken = nil
        promotionalOffer = offer
        asksToBuy = false
    }

    /// The purchase an Ask to Buy request asked for, made again at approval: its quantity,
    /// account token and promotional offer. An intro offer is judged again then.
    init(approving request: AskToBuyRequest, product: Product) {
        let asked = request.purchase
        self.product = product
        quantity = asked.purchasedQuantity
        appAccountToken = asked.appAccountToken
        promotionalOffer = asked.offerType == .promotional
            ? product.subscription?.promotionalOffers.first { $0.id == asked.offerID }
            : nil
        winBackOffer = asked.offerType == .winBack
            ? product.subscription?.winBackOffers.first { $0.id == asked.offerID }
            : nil
        asksToBuy = false
        billingPlanType = asked.billingPlanType == .monthly ? .monthly : nil
    }
}
