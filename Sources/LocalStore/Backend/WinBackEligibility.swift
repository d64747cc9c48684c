import Foundation
import StoreCatalog
import StorefrontModel

/// Which win-back offers a customer may take in one subscription group, best first. Pure:
/// worked out from the group's ledger history, the catalog's offers and a date.
///
/// Only a churned subscriber qualifies: someone who subscribed in the group and whose
/// latest subscription there has expired (not one in billing retry or a grace period, and
/// not one still subscribed). Each offer's `WinBackTerms` then decide, in store months:
/// the time paid for (free trials do not count), the time since the last period ended, and
/// the wait since the last win-back offer; an offer StoreKit Testing's `isEligible` switch
/// turns off is never offered.
///
/// "Best" is the order `eligibleWinBackOfferIDs` lists: HIGH priority before NORMAL, then
/// the offers of the product the customer had last, then the catalog's order (the group's
/// products as the file lists them, each product's offers as written).
struct WinBackEligibility: Sendable {
    /// The group's transactions, every chain, oldest first.
    let history: [LedgerEntry]
    let timeRate: TimeRate

    init(chains: [SubscriptionChain], timeRate: TimeRate) {
        self.history = chains.flatMap(\.entries).filter(\.isVerified).sorted { $0.transaction.purchaseDate < $1.transaction.purchaseDate }
        self.timeRate = timeRate
    }

    /// The IDs of the offers among `products`' (the group's, in file order) that the history
    /// admits at `now`, best first; empty unless the customer `isChurned`.
    func eligibleOfferIDs(in products: [CatalogProduct], isChurned: Bool, at now: Date) -> [String] {
        guard isChurned, let lastEnd = history.compactMap(\.transaction.expirationDate).max() else { return [] }
        let lastProductID = history.last?.transaction.productID
        let candidates = products.flatMap { product in
            (product.subscription?.winBackOffers ?? []).map { (productID: product.id, offer: $0) }
        }
        let admitted = candidates.filter { candidate in
            guard candidate.offer.id != nil, candidate.offer.isEligible != false else { return false }
            return admits(candidate.offer.winBackTerms ?? .anyChurnedSubscriber, lastEnd: lastEnd, at: now)
        }
        return admitted.enumerated().sorted { lhs, rhs in
            let left = lhs.element, right = rhs.element
            let leftHigh = left.offer.winBackTerms?.priority == .high, rightHigh = right.offer.winBackTerms?.priority == .high
            if leftHigh != rightHigh { return leftHigh }
            let leftLast = left.productID == lastProductID, rightLast = right.productID == lastProductID
            if leftLast != rightLast { return leftLast }
            return lhs.offset < rhs.offset
        }.compactMap(\.element.offer.id)
    }

    private func admits(_ terms: WinBackTerms, lastEnd: Date, at now: Date) -> Bool {
        let since = terms.timeSinceLastSubscribedInMonths
        guard now >= months(since.minimum, after: lastEnd) else { return false }
        if let maximum = since.maximum, now >= months(maximum, after: lastEnd) { return false }
        if terms.paidSubscriptionDurationInMonths > 0, let first = history.first?.transaction.purchaseDate {
            let needed = months(terms.paidSubscriptionDurationInMonths, after: first).timeIntervalSince(first)
            guard paidTime(until: now) >= needed else { return false }
        }
        if terms.waitBetweenOffersInMonths > 0,
           let lastOffer = history.last(where: { $0.transaction.offerType == .winBack }) {
            guard now >= months(terms.waitBetweenOffersInMonths, after: lastOffer.transaction.purchaseDate) else { return false }
        }
        return true
    }

    /// The time the customer paid for: every period but free trials and refunded ones.
    private func paidTime(until now: Date) -> TimeInterval {
        history.reduce(0) { total, entry in
            let transaction = entry.transaction
            guard transaction.offerPaymentMode != .freeTrial, transaction.revocationDate == nil,
                  let end = transaction.expirationDate
            else { return total }
            return total + max(0, min(end, now).timeIntervalSince(transaction.purchaseDate))
        }
    }

    private func months(_ count: Int, after date: Date) -> Date {
        count == 0 ? date : timeRate.periodEnd(Product.SubscriptionPeriod(value: count, unit: .month), from: date)
    }
}
