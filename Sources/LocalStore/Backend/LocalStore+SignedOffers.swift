import Foundation
import StorefrontModel

extension LocalStore {
    /// Checks the promotional offer's signature and the intro-offer eligibility's, if the
    /// purchase has them, and applies what they say: the key is registered, it signed for
    /// this app, product and offer within 24 hours of the store's time, the customer is one
    /// the offer is for, and the nonce was never used (recorded as used now, in the ledger).
    func checkSignatures(of request: inout PurchaseRequest, at now: Date) async throws {
        let check = SignedOfferCheck(controls: controls, now: now)
        let product = request.product
        var checked: [(SignedOffer, SignedOfferError.Signed)] = []
        if let signature = request.offerSignature {
            let signed = switch signature {
            case .legacy(let offerID, let keyID, let nonce, let bytes, let timestamp):
                try check.legacy(
                    offerID: offerID, keyID: keyID, nonce: nonce, signature: bytes, timestamp: timestamp,
                    productID: product.id, appAccountToken: request.appAccountToken
                )
            case .compactJWS(let jws, let offerID):
                try check.compactJWS(jws, .promotionalOffer, productID: product.id, offerID: offerID)
            }
            request.promotionalOffer = try PurchaseRequest.promotionalOffer(signed.offerID ?? "", of: product)
            try await checkCustomer(signed, .promotionalOffer, product: product)
            checked.append((signed, .promotionalOffer))
        }
        if let jws = request.introEligibilityJWS {
            let signed = try check.compactJWS(jws, .introductoryOfferEligibility, productID: product.id)
            try await checkCustomer(signed, .introductoryOfferEligibility, product: product)
            request.allowsIntroductoryOffer = signed.allowsIntroductoryOffer
            checked.append((signed, .introductoryOfferEligibility))
        }
        for (signed, kind) in checked {
            guard try await ledger.recordSignedOfferNonce(signed.nonce, keyID: signed.keyID, at: now) else {
                throw SignedOfferError(kind, .nonceUsed(signed.nonce))
            }
        }
    }

    /// The transaction the app's server named is this customer's, and a promotional offer
    /// goes to someone who subscribed in the group before (now or lapsed).
    private func checkCustomer(_ signed: SignedOffer, _ kind: SignedOfferError.Signed, product: Product) async throws {
        if let transactionID = signed.transactionID {
            let owned = try await ledger.transactions().contains { String($0.id) == transactionID }
            guard owned else { throw SignedOfferError(kind, .otherCustomersTransaction(transactionID)) }
        }
        guard kind == .promotionalOffer, let groupID = product.subscription?.subscriptionGroupID else { return }
        guard try await groupsSubscribedTo().contains(groupID) else { throw SignedOfferError(kind, .notASubscriber(groupID: groupID)) }
    }
}
