import Crypto
import Foundation
import StoreCatalog
import StorefrontModel

extension LocalStore {
    /// Redeems an offer code: an offer code of the catalog (its reference name is the code),
    /// a subscription's or, with the one-time payment mode, a consumable's, non-consumable's
    /// or non-renewing subscription's; or a code of the codes file (`StoreControls.offerCodes`).
    /// The grant is written like a purchase, signed, with offer type "code" and the code as its offer ID,
    /// once per customer account: the same code again is `OfferCodeError.alreadyRedeemed`,
    /// while another account may still redeem it. A subscriber's code for the plan they have,
    /// or for a lower one, waits for the next renewal (`PendingOffer`), as the App Store's
    /// does: the transaction returned is then the plan in force, and its renewal info shows
    /// the offer.
    ///
    /// ```swift
    /// let granted = try await store.redeem(offerCode: "birdwatcher")
    /// print(granted.unsafePayloadValue.offer?.id ?? "")  // "BIRDWATCHER"
    /// ```
    public func redeem(offerCode typed: String) async throws -> VerificationResult<Transaction> {
        try await begin(nil)
        let code = typed.trimmingCharacters(in: .whitespaces).uppercased()
        guard let grant = offerCodeGrant(code) else { throw OfferCodeError.unknownCode(code) }
        let entries = try await ledger.transactions()
        let waiting = try await ledger.pendingOffers().values
        if entries.contains(where: { $0.transaction.offerType == .code && $0.transaction.offerID?.uppercased() == code })
            || waiting.contains(where: { $0.offerType == .code && $0.offerID.uppercased() == code }) {
            throw OfferCodeError.alreadyRedeemed(code)
        }
        try await checkEligibility(for: grant, code: code, entries: entries)
        let now = try await storeNow()
        // Keyed by the account and code, so two terminals redeeming it at once write one transaction.
        let attemptID = Self.attemptID(redeeming: code, account: account)
        if let offer = grant.offer {
            let request = PurchaseRequest(redeeming: offer, product: grant.product)
            return handOut(try await subscribe(request, attemptID: attemptID, at: now), sending: false)
        }
        var purchase = ledgerPurchase(try PurchaseRequest(product: grant.product, options: []), at: now)
        purchase.price = grant.oneTimePrice
        purchase.offerType = .code
        purchase.offerID = code
        if grant.product.type != .autoRenewable { purchase.offerPaymentMode = .oneTime }
        return handOut(try await ledger.recordPurchase(purchase, attemptID: attemptID), sending: false)
    }

    /// What a code grants: a product and, for a subscription, the offer it applies.
    private struct OfferCodeGrant {
        let product: Product
        let offer: Product.SubscriptionOffer?
        /// What a product that does not renew costs with the code: zero when it is free.
        var oneTimePrice: Decimal = 0
        /// Who may redeem it; empty means anyone.
        let eligibility: Set<CatalogOffer.Eligibility>
    }

    /// The subscription offer the offer code `code` applies, if it is one.
    func codeOffer(_ code: String) -> Product.SubscriptionOffer? {
        offerCodeGrant(code.uppercased())?.offer
    }

    private func offerCodeGrant(_ code: String) -> OfferCodeGrant? {
        if let listed = controls.offerCodes.first(where: { $0.code == code }),
           let item = catalog.catalog.product(id: listed.productID), let product = catalog.product(id: listed.productID) {
            let offer = listed.offerReferenceName.flatMap { name in item.subscription?.codeOffers.first { $0.referenceName == name } }
            let oneTime = listed.offerReferenceName.flatMap { name in item.oneTimeCodeOffers.first { $0.referenceName == name } }
            return OfferCodeGrant(
                product: product, offer: offer.map { catalog.offer($0, id: code) },
                oneTimePrice: oneTime.map { catalog.price($0.price) } ?? 0, eligibility: offer?.eligibility ?? []
            )
        }
        for item in catalog.catalog.products {
            if let offer = item.oneTimeCodeOffers.first(where: { $0.referenceName.uppercased() == code }),
               let product = catalog.product(id: item.id) {
                return OfferCodeGrant(product: product, offer: nil, oneTimePrice: catalog.price(offer.price), eligibility: [])
            }
            guard let offer = item.subscription?.codeOffers.first(where: { $0.referenceName?.uppercased() == code }),
                  let product = catalog.product(id: item.id) else { continue }
            return OfferCodeGrant(product: product, offer: catalog.offer(offer, id: code), eligibility: offer.eligibility)
        }
        return nil
    }

    /// Offer codes name who may use them: new subscribers of the group, existing ones, or
    /// those whose subscription expired. A product already owned cannot be given again.
    private func checkEligibility(for grant: OfferCodeGrant, code: String, entries: [LedgerEntry]) async throws {
        let product = grant.product
        guard let groupID = product.subscription?.subscriptionGroupID else {
            if product.type == .nonConsumable, entries.contains(where: {
                $0.isVerified && $0.transaction.productID == product.id && $0.transaction.revocationDate == nil
            }) {
                throw OfferCodeError.notEligible(code, reason: .alreadyOwned(product.displayName))
            }
            return
        }
        guard !grant.eligibility.isEmpty else { return }
        let standing: CatalogOffer.Eligibility
        if try await currentEntitlements().subscriptionGroup(groupID).currentProductID != nil {
            standing = .existing
        } else {
            standing = try await groupsSubscribedTo().contains(groupID) ? .expired : .new
        }
        guard grant.eligibility.contains(standing) else {
            let reason: OfferCodeError.Ineligibility = switch standing {
            case .new: .notForNewSubscribers
            case .existing: .notForCurrentSubscribers
            case .expired: .notForLapsedSubscribers
            }
            throw OfferCodeError.notEligible(code, reason: reason)
        }
    }

    /// The purchase-attempt ID of `account` redeeming `code`: the same every time. The
    /// `local` account keeps the ID it had before ledgers had accounts.
    static func attemptID(redeeming code: String, account: CustomerAccount) -> UUID {
        // An account ID has no spaces, so the first space ends it.
        let name = account == .local ? "offer-code:\(code)" : "offer-code \(account.id) \(code)"
        let digest = Array(SHA256.hash(data: Data(name.utf8)))
        return UUID(uuid: (
            digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
            digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]
        ))
    }
}
