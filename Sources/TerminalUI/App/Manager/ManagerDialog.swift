import Foundation
import StorefrontModel

/// The sheet over the transaction manager while an action is being chosen: a menu (the
/// row's verbs, a refund reason, a decision, consent, an extension reason) or a field to
/// type into (a percentage, a price, days). Pure: a step, a selection and the text typed.
///
/// ```swift
/// var dialog = ManagerDialog(item: row)            // the row's verbs
/// dialog.move(by: 1)
/// switch dialog.activate(refundReasons: reasons) { case .next(let next): dialog = next; … }
/// ```
public struct ManagerDialog: Sendable, Hashable {
    /// Where the choice stands.
    public enum Step: Sendable, Hashable {
        case verbs
        case refundReasons
        case refundDecisions
        /// Typing the percentage of a prorated refund.
        case percentage
        /// Typing the new price.
        case price
        case consent(price: Decimal)
        /// Typing how many days to extend by.
        case days
        case extensionReasons(days: Int)
    }

    /// One line of a menu: its words (a catalog key, or Apple's own token when `isToken`)
    /// and what choosing it does.
    public struct Choice: Sendable, Hashable {
        public let title: String
        public let isToken: Bool
        let outcome: Outcome
    }

    /// What Enter on the dialog leads to.
    public enum Outcome: Sendable, Hashable {
        case next(Step)
        case perform(TransactionManagerAction)
        /// The text typed is not what the field takes: the catalog key of why.
        case invalid(String)
    }

    public let item: ManagedItem
    public private(set) var step: Step
    public private(set) var selectedIndex = 0
    /// What is typed into a field step.
    public private(set) var text = ""
    /// Why the last Enter was refused (a catalog key), until the text changes.
    public private(set) var problem: String?

    public init(item: ManagedItem, step: Step = .verbs) {
        self.item = item
        self.step = step
    }

    /// The words above a field step (a catalog key); nil for a menu.
    public var prompt: String? {
        switch step {
        case .percentage: "Percentage refunded (1-99.999)"
        case .price: "New price"
        case .days: "Days (1-90)"
        default: nil
        }
    }

    /// The lines of a menu step; empty for a field.
    public func choices(refundReasons: [String]) -> [Choice] {
        switch step {
        case .verbs:
            return item.verbs.map { verb in Choice(title: verb.title, isToken: false, outcome: outcome(of: verb)) }
        case .refundReasons:
            return refundReasons.map { Choice(title: $0, isToken: true, outcome: .perform(.requestRefund(reason: $0))) }
        case .refundDecisions:
            // Named as the result line names what they did (the percentage is asked next).
            return [
                Choice(title: TransactionManagerAction.grantRefund.title, isToken: false, outcome: .perform(.grantRefund)),
                Choice(title: TransactionManagerAction.grantProratedRefund(percentage: 0).title, isToken: false, outcome: .next(.percentage)),
                Choice(title: TransactionManagerAction.declineRefund.title, isToken: false, outcome: .perform(.declineRefund)),
            ]
        case .consent(let price):
            return [
                Choice(title: "Ask for consent", isToken: false, outcome: .perform(.raisePrice(price, requiresConsent: true))),
                Choice(title: "Without consent", isToken: false, outcome: .perform(.raisePrice(price, requiresConsent: false))),
            ]
        case .extensionReasons(let days):
            // Apple's extendReasonCode values, 0 to 3.
            return ["Undeclared", "Customer satisfaction", "Other", "Service issue or outage"].enumerated().map { code, title in
                Choice(title: title, isToken: false, outcome: .perform(.extendRenewalDate(days: days, reasonCode: code)))
            }
        case .percentage, .price, .days:
            return []
        }
    }

    private func outcome(of verb: ManagerVerb) -> Outcome {
        switch verb {
        case .requestRefund: .next(.refundReasons)
        case .decideRefund: .next(.refundDecisions)
        case .reverseRefund: .perform(.reverseRefund)
        case .approve: .perform(.approve)
        case .decline: .perform(.decline)
        case .resolve: .perform(.resolve)
        case .renewNow: .perform(.renewNow)
        case .failNextRenewal: .perform(.failNextRenewal)
        case .recoverBilling: .perform(.recoverBilling)
        case .expire: .perform(.expire)
        case .raisePrice: .next(.price)
        case .extendRenewalDate: .next(.days)
        }
    }

    /// Moves the menu's selection, stopping at the ends.
    public mutating func move(by delta: Int, refundReasons: [String]) {
        let count = choices(refundReasons: refundReasons).count
        selectedIndex = min(max(0, selectedIndex + delta), max(0, count - 1))
    }

    /// Types into a field step.
    public mutating func type(_ typed: String) {
        guard prompt != nil else { return }
        text += typed
        problem = nil
    }

    /// Erases the last character typed.
    public mutating func erase() {
        if !text.isEmpty { text.removeLast() }
        problem = nil
    }

    /// What Enter does now: the selected choice's outcome, or the field's value read.
    public func activate(refundReasons: [String]) -> Outcome? {
        let value = text.trimmingCharacters(in: .whitespaces)
        switch step {
        case .percentage:
            // Milliunits of a percent, as Apple's revocationPercentage: 40 is 40000.
            guard let percent = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")),
                  case let milli = NSDecimalNumber(decimal: percent * 1000).intValue,
                  Decimal(milli) == percent * 1000, (1...99_999).contains(milli)
            else { return .invalid("Not a percentage from 1 to 99.999") }
            return .perform(.grantProratedRefund(percentage: milli))
        case .price:
            guard let price = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")), price > 0,
                  value.allSatisfy({ $0.isNumber || $0 == "." })
            else { return .invalid("Not a price") }
            return .next(.consent(price: price))
        case .days:
            guard let days = Int(value), (1...90).contains(days) else { return .invalid("Not a number of days from 1 to 90") }
            return .next(.extensionReasons(days: days))
        default:
            let choices = choices(refundReasons: refundReasons)
            return choices.indices.contains(selectedIndex) ? choices[selectedIndex].outcome : nil
        }
    }

    /// The dialog at `step`, as Enter leads on to it.
    public func going(to next: Step) -> ManagerDialog {
        ManagerDialog(item: item, step: next)
    }

    /// The dialog refusing what was typed, saying why.
    public func refusing(_ problem: String) -> ManagerDialog {
        var copy = self
        copy.problem = problem
        return copy
    }
}
