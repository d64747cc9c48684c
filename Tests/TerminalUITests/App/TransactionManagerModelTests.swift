import Foundation
import StorefrontModel
import Testing
import TerminalUI

/// The transaction manager's pure model: which actions each row offers, and what the
/// dialog's fields take.
@Suite("Transaction manager: the actions each row offers")
struct TransactionManagerModelTests {
    static func item(
        _ kind: ManagedItem.Kind = .transaction, _ type: Product.ProductType = .autoRenewable, states: [ManagedItem.State],
        latest: Bool = true
    ) -> ManagedItem {
        ManagedItem(
            kind: kind, recordID: 3, originalTransactionID: type == .autoRenewable ? 1 : nil, productID: "p", productType: type,
            date: Date(timeIntervalSince1970: 0), states: states, isLatestInChain: latest
        )
    }

    @Test("Each kind of row offers the actions valid for it, and only those")
    func verbsPerRow() {
        #expect(Self.item(.askToBuy, .nonConsumable, states: [.askToBuy]).verbs == [.approve, .decline])
        #expect(Self.item(.interruptedPurchase, .consumable, states: [.interrupted]).verbs == [.resolve])
        #expect(Self.item(.transaction, .consumable, states: [.purchased]).verbs == [.requestRefund])
        #expect(Self.item(.transaction, .consumable, states: [.purchased, .refundRequested]).verbs == [.decideRefund])
        #expect(Self.item(.transaction, .nonConsumable, states: [.purchased, .refunded]).verbs == [.reverseRefund])
        #expect(Self.item(states: [.familyShared, .purchased]).verbs.isEmpty)
        #expect(Self.item(states: [.purchased, .revoked]).verbs.isEmpty)
        #expect(
            Self.item(states: [.renewed]).verbs
                == [.requestRefund, .renewNow, .failNextRenewal, .expire, .raisePrice, .extendRenewalDate]
        )
        #expect(
            Self.item(states: [.renewed, .inBillingRetry]).verbs
                == [.requestRefund, .recoverBilling, .expire, .raisePrice, .extendRenewalDate]
        )
        #expect(Self.item(states: [.renewed, .inGracePeriod]).verbs.contains(.recoverBilling))
        // Renewals act on the chain's transaction in force, not on an earlier one.
        #expect(Self.item(states: [.purchased], latest: false).verbs == [.requestRefund])
        #expect(Self.item(states: [.purchased, .expired]).verbs == [.requestRefund])
    }

    @Test("The dialog leads from a verb through its details to one action")
    func dialogSteps() throws {
        let row = Self.item(states: [.purchased, .refundRequested])
        var dialog = ManagerDialog(item: row)
        #expect(dialog.activate(refundReasons: []) == .next(.refundDecisions))
        dialog = dialog.going(to: .refundDecisions)
        #expect(dialog.choices(refundReasons: []).map(\.title) == ["Grant", "Grant prorated", "Decline"])
        #expect(dialog.activate(refundReasons: []) == .perform(.grantRefund))
        dialog.move(by: 1, refundReasons: [])
        dialog = try #require(dialog.activate(refundReasons: []).flatMap { outcome in
            if case .next(let step) = outcome { dialog.going(to: step) } else { nil }
        })
        #expect(dialog.prompt == "Percentage refunded (1-99.999)")
        dialog.type("40")
        #expect(dialog.activate(refundReasons: []) == .perform(.grantProratedRefund(percentage: 40_000)))
        dialog.erase()
        dialog.erase()
        dialog.type("99.999")
        #expect(dialog.activate(refundReasons: []) == .perform(.grantProratedRefund(percentage: 99_999)))
        for refused in ["0", "100", "abc", "", "0.0001"] {
            var field = dialog.going(to: .percentage)
            field.type(refused)
            #expect(field.activate(refundReasons: []) == .invalid("Not a percentage from 1 to 99.999"), "\(refused)")
        }
    }

    @Test("A price, then consent; days, then Apple's reason code")
    func priceAndDays() {
        var price = ManagerDialog(item: Self.item(states: [.purchased]), step: .price)
        price.type("abc")
        #expect(price.activate(refundReasons: []) == .invalid("Not a price"))
        price = ManagerDialog(item: price.item, step: .price)
        price.type("12.99")
        #expect(price.activate(refundReasons: []) == .next(.consent(price: Decimal(string: "12.99")!)))
        var consent = price.going(to: .consent(price: Decimal(string: "12.99")!))
        consent.move(by: 5, refundReasons: [])  // stops at the last line
        #expect(consent.activate(refundReasons: []) == .perform(.raisePrice(Decimal(string: "12.99")!, requiresConsent: false)))

        var days = ManagerDialog(item: price.item, step: .days)
        days.type("91")
        #expect(days.activate(refundReasons: []) == .invalid("Not a number of days from 1 to 90"))
        days = ManagerDialog(item: price.item, step: .days)
        days.type("30")
        #expect(days.activate(refundReasons: []) == .next(.extensionReasons(days: 30)))
        var reasons = days.going(to: .extensionReasons(days: 30))
        reasons.move(by: 3, refundReasons: [])
        #expect(reasons.activate(refundReasons: []) == .perform(.extendRenewalDate(days: 30, reasonCode: 3)))
    }

    @Test("A refund request gives one of the store's reasons, as Apple spells it")
    func refundReasons() {
        let reasons = ["UNINTENDED_PURCHASE", "OTHER"]
        var dialog = ManagerDialog(item: Self.item(.transaction, .consumable, states: [.purchased]))
        #expect(dialog.activate(refundReasons: reasons) == .next(.refundReasons))
        dialog = dialog.going(to: .refundReasons)
        #expect(dialog.choices(refundReasons: reasons).map(\.title) == reasons)
        dialog.move(by: 1, refundReasons: reasons)
        #expect(dialog.activate(refundReasons: reasons) == .perform(.requestRefund(reason: "OTHER")))
    }
}
