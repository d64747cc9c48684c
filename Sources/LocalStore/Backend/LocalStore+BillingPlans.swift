import Foundation
import StorefrontModel

/// Billing plans: a yearly subscription paid monthly with a 12-month commitment.
///
/// Each month of a commitment is a transaction of its own (a renewal in the chain) at the
/// plan's monthly price, numbered 1 to 12 in its `commitment`. Turning auto-renew off during
/// a commitment does not stop its payments: the commitment runs to its end, and then the
/// subscription expires. With auto-renew on, at the end it renews into a new 12-month
/// commitment, or, when the customer chose it (`buy PRODUCT --billing-plan upfront`), into
/// a year paid up front. Offers configured per billing plan are not read from the catalog
/// yet, so a monthly plan takes no offer.
extension LocalStore {
    /// `purchase` of `product`, paid by `plan`, as the `number`th payment of a commitment
    /// that ends at `commitmentEnd` (a new one, from this purchase, when nil). A product
    /// without billing plans is returned as it is.
    func billed(
        _ purchase: LedgerPurchase, product: Product, plan: Product.SubscriptionInfo.BillingPlanType?,
        payment number: Int = 1, commitmentEnd: Date? = nil
    ) -> LedgerPurchase {
        guard let terms = product.subscription?.pricingTerms, !terms.isEmpty else { return purchase }
        var billed = purchase
        guard plan == .monthly, let monthly = terms.first(where: { $0.billingPlanType == .monthly }) else {
            billed.billingPlanType = .billedUpfront
            return billed
        }
        let month = Product.SubscriptionPeriod(value: 1, unit: .month)
        var end = purchase.purchaseDate
        for _ in 0..<monthly.billingPeriodCount { end = controls.timeRate.periodEnd(month, from: end) }
        billed.expirationDate = controls.timeRate.periodEnd(month, from: purchase.purchaseDate)
        billed.price = monthly.billingPrice
        billed.offerType = nil
        billed.offerID = nil
        billed.offerPaymentMode = nil
        billed.billingPlanType = .monthly
        billed.commitment = LedgerTransaction.Commitment(
            billingPeriodNumber: number, totalBillingPeriods: monthly.billingPeriodCount,
            expirationDate: commitmentEnd ?? end, price: monthly.commitmentInfo.price
        )
        return billed
    }

    /// The renewal `purchase` of `chain` as its billing plan has it: the next payment of
    /// the commitment, or after its last one a new commitment or the plan chosen for then.
    func billedRenewal(_ purchase: LedgerPurchase, of chain: SubscriptionChain, as product: Product) async throws -> LedgerPurchase {
        let current = chain.current.transaction
        if let commitment = current.commitment, current.productID == product.id, !commitment.isLastPayment {
            return billed(
                purchase, product: product, plan: .monthly, payment: commitment.billingPeriodNumber + 1,
                commitmentEnd: commitment.expirationDate
            )
        }
        let chosen = try await ledger.renewalBillingPlan(originalID: chain.originalID)
        let stays = current.productID == product.id ? current.billingPlanType : nil
        let plan: Product.SubscriptionInfo.BillingPlanType? = (chosen ?? stays) == .monthly ? .monthly : nil
        return billed(purchase, product: product, plan: plan)
    }

    /// Buying the plan in force again with another billing plan chooses how it is paid
    /// after the commitment (or the year) in force: StoreKit's plan change at renewal.
    func chooseRenewalBillingPlan(_ request: PurchaseRequest, change: SubscriptionChange) async throws {
        guard let plan = request.billingPlanType, request.product.subscription?.pricingTerms.isEmpty == false else { return }
        let current: LedgerEntry
        switch change {
        case .keep(let entry), .renew(let entry, as: nil): current = entry
        default: return
        }
        guard current.transaction.productID == request.product.id else { return }
        try await ledger.setRenewalBillingPlan(plan == .monthly ? .monthly : .billedUpfront, originalID: current.transaction.originalID)
    }

    /// `info` with what happens at the end of the commitment `chain` is in; as it is outside one.
    func committedRenewalInfo(
        _ info: Product.SubscriptionInfo.RenewalInfo, chain: SubscriptionChain
    ) async throws -> Product.SubscriptionInfo.RenewalInfo {
        let current = chain.current.transaction
        guard let commitment = current.commitment else { return info }
        let chosen = try await ledger.renewalBillingPlan(originalID: chain.originalID)
        let plan: Product.SubscriptionInfo.BillingPlanType = chosen == .billedUpfront ? .upFront : .monthly
        let product = catalog.product(id: chain.renewsAs)
        let terms = product?.subscription?.pricingTerms.first { $0.billingPlanType == plan }
        return info.committed(
            renewalBillingPlanType: plan,
            commitmentInfo: .init(
                renewalDate: commitment.expirationDate,
                renewalPrice: terms?.commitmentInfo.price ?? product?.price ?? commitment.price,
                willAutoRenew: chain.willAutoRenew,
                autoRenewPreference: chain.renewsAs,
                renewalBillingPlanType: plan
            )
        )
    }
}
