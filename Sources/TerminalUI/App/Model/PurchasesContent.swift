import Foundation
import StorefrontModel

/// The rows of the Purchases screen, one line each: what the customer is entitled to,
/// their collection of consumables, and every transaction with its verification.
///
/// ```swift
/// let content = PurchasesContent(state: state)
/// content.rows.first  // .heading("Entitlements")
/// ```
public struct PurchasesContent: Sendable {
    /// One line of the screen.
    public enum Row: Sendable, Hashable {
        case heading(String)
        /// Something the customer has (or, for a named entitlement, lacks), with detail
        /// such as a renewal date.
        case entitlement(name: String, detail: String?, isActive: Bool)
        /// A consumable and how many the customer has.
        case collection(name: String, count: Int)
        /// One transaction from the ledger.
        case transaction(VerificationResult<Transaction>, name: String)
        /// A line of explanation: nothing yet, loading, an error.
        case note(String)

        /// Whether the selection can rest on this row.
        public var isSelectable: Bool {
            if case .heading = self { false } else { true }
        }
    }

    public let rows: [Row]
    /// The purchases the customer asked a refund of.
    let refundRequested: Set<Transaction.ID>
    /// The time zone and locale its dates are shown in.
    let timeZone: TimeZone
    let locale: Locale

    /// The rows for `state`; the history is filtered by the Purchases filter.
    public init(state: AppState) {
        let language = state.language
        var rows: [Row] = [.heading(language.text("Entitlements"))]
        rows += Self.entitlementRows(state)
        rows.append(.heading(language.text("Collection")))
        let counts = (state.store.owned?.consumableCounts ?? [:]).filter { $0.value > 0 }
            .map { (name: state.name(of: $0.key), count: $0.value) }
            .sorted { ($0.name, $0.count) < ($1.name, $1.count) }
        rows += counts.isEmpty ? [.note(language.text("No consumables yet."))] : counts.map { Row.collection(name: $0.name, count: $0.count) }
        rows.append(.heading(language.text("History")))
        rows += Self.historyRows(state)
        self.rows = rows
        timeZone = state.options.timeZone
        locale = state.dateLocale
        refundRequested = state.refundRequested
    }

    /// The selectable row `delta` steps from `index`, skipping headings; stays put at the ends.
    public func selectableIndex(from index: Int, movingBy delta: Int) -> Int {
        let selectable = rows.indices.filter { rows[$0].isSelectable }
        guard let first = selectable.first, let last = selectable.last else { return 0 }
        let current = selectable.lastIndex { $0 <= index } ?? 0
        guard delta != 0 else { return selectable[current] }
        let target = min(max(0, current + delta), selectable.count - 1)
        return min(max(first, selectable[target]), last)
    }

    private static func entitlementRows(_ state: AppState) -> [Row] {
        let language = state.language
        guard let owned = state.store.owned else {
            if case .failure(let error) = state.store.entitlements { return [.note(language.text("Couldn't load: %@", language.describe(error)))] }
            return [.note(language.text("Loading%@", state.options.render.glyph(.ellipsis)))]
        }
        var rows: [Row] = state.layout.entitlements.map { entitlement in
            let active = entitlement.isActive(
                purchasedProductIDs: owned.purchasedProductIDs, originalAppVersion: state.store.originalAppVersion
            )
            let bought = !entitlement.productIDs.isDisjoint(with: owned.purchasedProductIDs)
            let version = state.store.originalAppVersion?.description ?? ""
            let detail = !active ? language.text("not active") : bought ? language.text("active") : language.text("included: first got %@", version)
            return .entitlement(name: entitlement.name, detail: detail, isActive: active)
        }
        // A product a named entitlement already shows under its own name is not listed twice.
        let shown = Set(state.layout.entitlements.map(\.name))
        let owning = owned.transactions.values.filter { !shown.contains(state.name(of: $0.productID)) }.sorted { (state.name(of: $0.productID), $0.id) < (state.name(of: $1.productID), $1.id) }
        for transaction in owning {
            // A family member's share says so, beside its renewal date.
            let shared = transaction.ownershipType == .familyShared ? language.text("Shared by your family") : nil
            let details = [shared, detail(for: transaction, owned: owned, state: state)].compactMap { $0 }
            rows.append(.entitlement(
                name: state.name(of: transaction.productID), detail: details.isEmpty ? nil : details.joined(separator: language.text(", ")),
                isActive: true
            ))
        }
        return rows.isEmpty ? [.note(language.text("Nothing yet."))] : rows
    }

    private static func detail(for transaction: Transaction, owned: CustomerEntitlements, state: AppState) -> String? {
        let language = state.language
        switch transaction.productType {
        case .autoRenewable:
            guard let groupID = transaction.subscriptionGroupID else { return nil }
            let group = owned.subscriptionGroup(groupID)
            guard let end = transaction.expirationDate else { return language.text("subscribed") }
            let date = end.formattedForStore(locale: state.dateLocale, timeZone: state.options.timeZone)
            let standing: String = if let next = group.autoRenewPreference {
                next == transaction.productID ? language.text("renews %@", date) : language.text("changes to %@ on %@", state.name(of: next), date)
            } else {
                language.text("ends %@", date)
            }
            // A plan paid monthly: where the customer is in its commitment, and when it ends.
            guard let commitment = transaction.commitmentInfo else { return standing }
            return language.text(
                "%@ · payment %@ of %@, commitment ends %@", standing, String(commitment.billingPeriodNumber), String(commitment.totalBillingPeriods),
                commitment.expirationDate.formattedForStore(locale: state.dateLocale, timeZone: state.options.timeZone)
            )
        case .nonRenewable:
            return transaction.expirationDate.map { language.text("until %@", $0.formattedForStore(locale: state.dateLocale, timeZone: state.options.timeZone)) }
        case .nonConsumable, .consumable:
            return nil
        }
    }

    private static func historyRows(_ state: AppState) -> [Row] {
        let language = state.language
        switch state.history {
        case .loading:
            return [.note(language.text("Loading%@", state.options.render.glyph(.ellipsis)))]
        case .failure(let message):
            return [.note(language.text("Couldn't load the history: %@", message))]
        case .loaded(let transactions):
            guard !transactions.isEmpty else { return [.note(language.text("No purchases yet."))] }
            let filter = (state.purchasesList.filterText ?? "").trimmingCharacters(in: .whitespaces)
            let rows = transactions.map { Row.transaction($0, name: state.name(of: $0.unsafePayloadValue.productID)) }
                .filter { row in
                    guard case .transaction(let result, let name) = row else { return true }
                    return ListFilter.matches([name, result.unsafePayloadValue.productID], filter: filter)
                }
            return rows.isEmpty ? [.note(language.text("No purchases match %@.", state.options.render.quoted(filter)))] : rows
        }
    }
}

extension PurchasesContent {
    /// A history row's date, in digits so the rows line up, in the app's time zone and the
    /// customer's language, with its time when there is room: "01/01/2026, 09:30 AM",
    /// "2026/01/01 09:30", "01.01.2026".
    func historyDate(_ date: Date, withTime: Bool) -> String {
        Self.historyDate(date, withTime: withTime, locale: locale, timeZone: timeZone)
    }

    /// `historyDate(_:withTime:)` in `locale` and `timeZone`: the transaction manager's rows too.
    static func historyDate(_ date: Date, withTime: Bool, locale: Locale, timeZone: TimeZone) -> String {
        var style = Date.FormatStyle.dateTime.year().month(.twoDigits).day(.twoDigits)
        if withTime { style = style.hour(.twoDigits(amPM: .abbreviated)).minute(.twoDigits) }
        style.locale = locale
        style.timeZone = timeZone
        // ICU writes a narrow no-break space before "AM"; a row is never wrapped, and an
        // --ascii screen must stay ASCII.
        return date.formatted(style).replacingOccurrences(of: "\u{202F}", with: " ")
    }
}
