import Foundation
import LocalStore
import StorefrontModel

/// A monthly payment's place in its commitment, in Apple's `TransactionCommitmentInfo`
/// shape (`commitmentInfo` of a signed transaction).
public struct TransactionCommitmentInfo: Codable, Sendable, Hashable {
    public var billingPeriodNumber: Int
    /// When the commitment ends, in milliseconds since 1970.
    public var commitmentExpiresDate: Int64
    /// The whole commitment's price, in milliunits.
    public var commitmentPrice: Int64
    public var totalBillingPeriods: Int

    init(_ commitment: LedgerTransaction.Commitment) {
        billingPeriodNumber = commitment.billingPeriodNumber
        commitmentExpiresDate = commitment.expirationDate.milliseconds
        commitmentPrice = TransactionPayload.milliunits(commitment.price)
        totalBillingPeriods = commitment.totalBillingPeriods
    }
}

/// What happens when a commitment ends, in Apple's `RenewalCommitmentInfo` shape
/// (`commitmentInfo` of signed renewal info, present only during a commitment).
public struct RenewalCommitmentInfo: Codable, Sendable, Hashable {
    public var commitmentAutoRenewProductId: String
    /// 1 renews at the commitment's end, 0 does not.
    public var commitmentAutoRenewStatus: Int
    /// `MONTHLY` renews into a new commitment; `BILLED_UPFRONT` into a year paid at once.
    public var commitmentRenewalBillingPlanType: String
    public var commitmentRenewalDate: Int64
    /// In milliunits: the next commitment's (or year's) whole price.
    public var commitmentRenewalPrice: Int64

    init(_ info: Product.SubscriptionInfo.RenewalInfo.CommitmentInfo) {
        commitmentAutoRenewProductId = info.autoRenewPreference
        commitmentAutoRenewStatus = info.willAutoRenew ? 1 : 0
        commitmentRenewalBillingPlanType = info.renewalBillingPlanType.rawValue
        commitmentRenewalDate = info.renewalDate.milliseconds
        commitmentRenewalPrice = TransactionPayload.milliunits(info.renewalPrice)
    }
}

extension TransactionPayload {
    /// Fills `billingPlanType` and `commitmentInfo` from a transaction of a subscription with billing plans.
    mutating func addBillingPlan(of transaction: LedgerTransaction) {
        billingPlanType = transaction.billingPlanType?.rawValue
        commitmentInfo = transaction.commitment.map(TransactionCommitmentInfo.init)
    }
}

extension RenewalPayload {
    /// Fills `renewalBillingPlanType` and `commitmentInfo` during a commitment. A payment
    /// of the commitment still to come bills the month's price, not the product's.
    mutating func addBillingPlan(of renewal: Product.SubscriptionInfo.RenewalInfo, current: LedgerTransaction) {
        renewalBillingPlanType = current.commitment == nil ? nil : renewal.renewalBillingPlanType?.rawValue
        commitmentInfo = current.commitment == nil ? nil : renewal.commitmentInfo.map(RenewalCommitmentInfo.init)
        if let commitment = current.commitment, !commitment.isLastPayment, let price = current.price {
            renewalPrice = TransactionPayload.milliunits(price)
        }
    }
}
