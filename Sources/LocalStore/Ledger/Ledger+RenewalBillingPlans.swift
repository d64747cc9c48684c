import Foundation

/// How a chain in a commitment is paid after it: kept in `storeState` under
/// `renewal.plan.<originalID>` (beside the renewal preferences, so `clear` removes both),
/// as `MONTHLY` or `BILLED_UPFRONT`. Without one, a commitment renews into a new one.
extension Ledger {
    private static func renewalPlanKey(_ originalID: Int64) -> String { "renewal.plan.\(originalID)" }

    /// The billing plan the chain `originalID` renews with after its commitment; nil when none was chosen.
    ///
    /// ```swift
    /// if try await ledger.renewalBillingPlan(originalID: chain) == .billedUpfront { print("paid up front next year") }
    /// ```
    public func renewalBillingPlan(originalID: Int64) async throws(LedgerError) -> LedgerTransaction.BillingPlanType? {
        let value = try await read { store in
            try await store.storeState(account: self.account, key: Self.renewalPlanKey(originalID))
        }
        guard case .text(let text)? = value else { return nil }
        return LedgerTransaction.BillingPlanType(rawValue: text)
    }

    /// Chooses how the chain `originalID` is paid after its commitment; nil forgets the choice.
    public func setRenewalBillingPlan(_ plan: LedgerTransaction.BillingPlanType?, originalID: Int64) async throws(LedgerError) {
        try await write { store in
            try await store.setStoreState(plan.map { .text($0.rawValue) }, account: self.account, key: Self.renewalPlanKey(originalID))
        }
    }
}
