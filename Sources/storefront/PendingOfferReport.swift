import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel

/// How `buy` and `redeem` tell an offer redeemed for the next renewal (`PendingOffer`): the
/// date it applies from, the plan it renews into and its terms; the plan in force stays.
struct PendingOfferReport {
    let offer: PendingOffer
    /// The plan in force, which stays until the renewal.
    let plan: Transaction
    let catalog: CatalogStorefront

    /// The offer waiting for `plan`'s renewal in `store`, if it is the one just redeemed:
    /// `offerID` (any case), or any offer of `type` when nil.
    static func waiting(
        in store: LocalStore, plan: Transaction, type: LedgerTransaction.OfferType, offerID: String? = nil
    ) async throws -> PendingOfferReport? {
        guard plan.productType == .autoRenewable,
              let offer = try await store.ledger.pendingOffers()[Int64(clamping: plan.originalID)], offer.offerType == type,
              offerID.map({ $0.uppercased() == offer.offerID.uppercased() }) ?? true
        else { return nil }
        return PendingOfferReport(offer: offer, plan: plan, catalog: store.catalog)
    }

    /// "Offer code GROVEFRIEND applies from your next renewal date, 2026-02-01T00:00:00Z: Grove
    /// Monthly (com.example.grove.monthly), free for 1 month; until then Sanctuary Monthly stays: transaction 4"
    var sentence: String {
        let kind = offer.offerType == .code ? "Offer code" : "Promotional offer"
        let renewal = plan.expirationDate.map { $0.formatted(Date.ISO8601FormatStyle()) } ?? "?"
        let current = catalog.product(id: plan.productID)?.displayName ?? plan.productID
        return "\(kind) \(offer.offerID) applies from your next renewal date, \(renewal): \(name(offer.productID)) (\(offer.productID)), "
            + "\(terms); until then \(current) stays: transaction \(plan.id)"
    }

    /// `--json`: `result` "scheduled", the plan it renews into and when, the offer, then the
    /// plan in force (`result`, the store's answer, and its ledger `entry`).
    func json(_ result: VerificationResult<Transaction>, entry: LedgerEntry) -> String {
        PropertyValue.object(members + [
            .init(key: "verified", value: .bool(result.verifiedValue != nil)),
            .init(key: "transaction", value: StoreJSON.transaction(result, entry: entry)),
        ]).compactJSON
    }

    private var members: [PropertyValue.Member] {
        [
            .init(key: "result", value: .string("scheduled")),
            .init(key: "autoRenewPreference", value: .string(offer.productID)),
            .init(key: "renewalDate", value: StoreJSON.date(plan.expirationDate)),
            .init(key: "offer", value: .object([
                .init(key: "offerType", value: .string(offer.offerType == .code ? "code" : "promotional")),
                .init(key: "offerID", value: .string(offer.offerID)),
                .init(key: "offerDiscountType", value: .string(offer.paymentMode.rawValue)),
                .init(key: "offerPeriod", value: .string(wholePeriod)),
                .init(key: "price", value: .string(offer.price.description)),
            ])),
        ]
    }

    private func name(_ productID: String) -> String {
        catalog.product(id: productID)?.displayName ?? productID
    }

    /// The offer's whole length, as transactions' `offerPeriod` has it ("P3M" for 1 month thrice).
    private var wholePeriod: String {
        Product.SubscriptionPeriod(iso8601: offer.period)?.repeated(offer.periodCount).iso8601 ?? offer.period
    }

    /// "free for 1 month", "$1.99 a period for P1M × 3", "$79.99 up front for P1Y"
    private var terms: String {
        let price = catalog.product(id: offer.productID).map { offer.price.formatted($0.priceFormatStyle) } ?? offer.price.description
        let times = offer.periodCount == 1 ? "" : " × \(offer.periodCount)"
        return switch offer.paymentMode {
        case .freeTrial: "free for \(wholePeriod)"
        case .payAsYouGo: "\(price) each \(offer.period)\(times)"
        default: "\(price) up front for \(wholePeriod)"
        }
    }
}
