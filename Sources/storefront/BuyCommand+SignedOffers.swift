import ArgumentParser
import StorefrontModel

/// `buy`'s signed offers: which options go together, and the purchase options they make.
extension BuyCommand {
    func validateSignedOffers() throws {
        if promotionalOffer != nil, promotionalSignature != nil {
            throw ValidationError("--promotional-offer and --promotional-signature are two forms of one offer: give one.")
        }
        if let promotionalSignature {
            _ = try promotionalSignature.get()
            guard offer != nil else {
                throw ValidationError("--promotional-signature needs --offer OFFER_ID: the legacy signature does not name its offer.")
            }
        } else if offer != nil, promotionalOffer == nil {
            throw ValidationError("--offer goes with --promotional-offer or --promotional-signature.")
        }
    }

    /// The purchase options the command line asks for.
    func purchaseOptions() throws -> Set<Product.PurchaseOption> {
        var options: Set<Product.PurchaseOption> = quantity == 1 ? [] : [.quantity(quantity)]
        if let promotionalOffer {
            options.insert(.promotionalOfferJWS(offerID: offer, compactJWS: promotionalOffer))
        }
        if let signed = try promotionalSignature?.get(), let offer {
            options.insert(.promotionalOffer(
                offerID: offer, keyID: signed.keyID, nonce: signed.nonce, signature: signed.signature, timestamp: signed.timestamp
            ))
        }
        if let introEligibility {
            options.insert(.introductoryOfferEligibility(compactJWS: introEligibility))
        }
        return options
    }
}
