import ArgumentParser
import Foundation
import StoreCatalog
import StorefrontModel

/// `--billing-plan monthly|upfront`: how `buy` pays a subscription with billing plans.
/// Another word is refused by the parser in one line naming the choices.
enum BillingPlanArgument: String, ExpressibleByArgument, CaseIterable {
    /// Each month of a 12-month commitment.
    case monthly
    /// The whole period at once.
    case upfront

    var planType: Product.SubscriptionInfo.BillingPlanType {
        self == .monthly ? .monthly : .upFront
    }
}

/// How the store commands word a transaction's billing plan.
enum BillingPlanWords {
    /// " (monthly, payment 3 of 12 of a commitment until 2027-01-02T00:00:00Z)"; empty
    /// without a commitment.
    static func commitment(_ transaction: Transaction) -> String {
        guard let commitment = transaction.commitmentInfo else { return "" }
        return " (monthly, payment \(commitment.billingPeriodNumber) of \(commitment.totalBillingPeriods)"
            + " of a commitment until \(commitment.expirationDate.formatted(Date.ISO8601FormatStyle())))"
    }

    /// `transactions`' word for it: "monthly 3/12"; nil without a commitment.
    static func part(_ transaction: Transaction) -> String? {
        transaction.commitmentInfo.map { "monthly \($0.billingPeriodNumber)/\($0.totalBillingPeriods)" }
    }

    /// The `--json` members, present only for a subscription with billing plans:
    /// `"billingPlanType":"MONTHLY","commitmentInfo":{"billingPeriodNumber":3,…}`.
    static func members(_ transaction: Transaction) -> [PropertyValue.Member] {
        guard let plan = transaction.billingPlanType else { return [] }
        let commitment: PropertyValue = transaction.commitmentInfo.map { info in
            .object([
                .init(key: "billingPeriodNumber", value: .number(String(info.billingPeriodNumber))),
                .init(key: "totalBillingPeriods", value: .number(String(info.totalBillingPeriods))),
                .init(key: "expirationDate", value: StoreJSON.date(info.expirationDate)),
                .init(key: "price", value: .string(info.price.description)),
            ])
        } ?? .null
        return [.init(key: "billingPlanType", value: .string(plan.rawValue)), .init(key: "commitmentInfo", value: commitment)]
    }
}
