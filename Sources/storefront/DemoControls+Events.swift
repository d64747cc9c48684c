import Foundation
import LocalStore
import StorefrontModel
import TerminalScripting

/// A tape's store controls named after the CLI's commands (`Renew` as `renew`, `Refund` as
/// `refund` …), each on the product's latest transaction, as the store acting elsewhere.
extension DemoControls {
    func happen(_ event: TapeStoreEvent) async throws {
        switch event {
        case .advance(let text):
            guard let step = StoreTimeStep(text) else {
                throw DemoControlError("Advance \"\(text)\": expected a step of store time such as 35d, 2w or 1mo")
            }
            _ = try await store.advanceStoreTime(by: step)
        case .priceIncrease(let productID, let text):
            guard let price = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), price > 0 else {
                throw DemoControlError("PriceIncrease \(productID) \"\(text)\": expected a price such as 12.99")
            }
            _ = try await store.increasePrice(of: productID, to: price)
        case .resolveBillingIssue(let productID):
            _ = try await store.resolveBillingIssue(forTransaction: try await latestTransaction(of: productID, toDo: "resolve"))
        case .renew(let productID, let billingFails):
            _ = try await store.forceRenewalOfSubscription(
                transactionID: try await latestTransaction(of: productID, toDo: "renew"), billingFails: billingFails
            )
        case .priceConsent(let productID, let accepts):
            let id = try await latestTransaction(of: productID, toDo: "answer")
            _ = try await accepts ? store.consentToPriceIncrease(transactionID: id) : store.declinePriceIncrease(transactionID: id)
        case .removeFromSale(let productID):
            guard store.catalog.product(id: productID) != nil else {
                throw DemoControlError("unknown product \"\(productID)\": not in the catalog")
            }
            try await store.setRemovedFromSale(true, productID: productID)
        case .autoRenew(let productID, let on):
            try await store.setAutoRenew(on, forTransaction: try await latestTransaction(of: productID, toDo: "turn auto-renew \(on ? "on" : "off") for"))
        case .refund(let productID, let step):
            try await refund(try await latestTransaction(of: productID, toDo: "refund"), step)
        case .refundReverse(let productID):
            let refunded = try await store.allTransactions().compactMap(\.verifiedValue)
                .last { $0.productID == productID && $0.revocationDate != nil }
            guard let refunded else { throw DemoControlError("nothing to reverse: no refunded transaction of \"\(productID)\"") }
            _ = try await store.reverseRefund(transactionID: Int64(refunded.id))
        case .extend(let productID, let text, let code):
            try await extend(productID, days: text, reasonCode: code)
        }
    }

    /// The ID of the product's latest transaction, for a control that acts on it.
    func latestTransaction(of productID: String, toDo verb: String) async throws -> Int64 {
        let latest = try await store.allTransactions().compactMap(\.verifiedValue).last { $0.productID == productID }
        guard let latest else { throw DemoControlError("nothing to \(verb): no transaction of \"\(productID)\"") }
        return Int64(latest.id)
    }

    private func refund(_ transactionID: Int64, _ step: TapeRefundStep) async throws {
        switch step {
        case .now:
            try await store.refund(transactionID: transactionID)
        case .request(let text):
            guard let reason = RefundReasonArgument(argument: text ?? "OTHER") else {
                throw DemoControlError("refund reason \"\(text ?? "")\": expected one of " + RefundReasonArgument.allValueStrings.joined(separator: ", "))
            }
            try await store.requestRefund(transactionID: transactionID, reason: reason.reason)
        case .decide(let text):
            guard let decision = RefundDecisionArgument(argument: text) else {
                throw DemoControlError("refund decision \"\(text)\": expected grant, prorated=PERCENT (such as prorated=12.5) or decline")
            }
            try await store.decideRefund(transactionID: transactionID, decision.decision)
        }
    }

    private func extend(_ productID: String, days text: String, reasonCode: String?) async throws {
        guard let days = Int(text), (1...RenewalExtension.maximumDays).contains(days) else {
            throw DemoControlError("Extend \(productID) \"\(text)\": expected days from 1 to \(RenewalExtension.maximumDays)")
        }
        guard let reason = RenewalExtension.Reason(rawValue: Int(reasonCode ?? "0") ?? -1) else {
            throw DemoControlError("Extend reason \"\(reasonCode ?? "")\": expected 0, 1, 2 or 3 (Apple's extendReasonCode)")
        }
        let id = try await latestTransaction(of: productID, toDo: "extend")
        guard let original = try await store.ledger.transaction(id: id)?.transaction.originalID else { return }
        let done = try await store.extendRenewalDate(
            originalTransactionID: original, byDays: days, reason: reason, requestIdentifier: UUID().uuidString
        )
        if done.effectiveDate == nil { throw DemoControlError("Extend \(productID): not extended, \(ExtendCommand.explain(done.refusal))") }
    }
}
