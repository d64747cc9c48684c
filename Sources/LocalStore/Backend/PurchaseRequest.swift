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
    /// an offer code grants; a signature is not checked, as StoreKit Testing does not.
    let promotionalOffer: Product.SubscriptionOffer?
    /// `.simulatesAskToBuyInSandbox(true)` was given.
    let asksToBuy: Bool
    /// The billing plan asked for with `.billingPlanType`; nil pays as the product does.
    var billingPlanType: Product.SubscriptionInfo.BillingPlanType? = nil

    init(product: Product, options: Set<Product.PurchaseOption>) throws(Product.PurchaseError) {
        var quantity = 1
        var appAccountToken: UUID?
        var offer: Product.SubscriptionOffer?
        var asksToBuy = false
        var plan: Product.SubscriptionInfo.BillingPlanType?
        for option in options {
            switch option {
            case .quantity(let count):
                quantity = count
            case .appAccountToken(let token):
                appAccountToken = token
            case .promotionalOffer(let offerID, _, _, _, _):
                guard let found = product.subscription?.promotionalOffers.first(where: { $0.id == offerID }) else {
                    throw .invalidOfferIdentifier
                }
                offer = found
            case .simulatesAskToBuyInSandbox(let enabled):
                asksToBuy = enabled
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
        self.billingPlanType = plan
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
        asksToBuy = false
        billingPlanType = asked.billingPlanType == .monthly ? .monthly : nil
    }
}
