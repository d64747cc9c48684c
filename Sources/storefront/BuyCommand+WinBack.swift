import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// `buy PRODUCT --win-back OFFER_ID`: the product's win-back offer as a purchase option, and
/// the refusals that name it (unknown to the product, or not open to this customer now).
extension BuyCommand {
    /// The `.winBackOffer` option for `--win-back`, or none without it.
    ///
    /// - Throws: a failure (65) naming the offer and the product's win-back offers when the
    ///   product has no offer with that ID.
    func winBackOption(for product: Product) throws -> Product.PurchaseOption? {
        guard let winBack else { return nil }
        guard let offer = product.subscription?.winBackOffers.first(where: { $0.id == winBack }) else {
            let known = product.subscription?.winBackOffers.compactMap(\.id) ?? []
            let has = known.isEmpty ? "it has none" : "it has " + known.joined(separator: ", ")
            throw reported(CommandFailure(
                "unknown win-back offer \"\(winBack)\" for \(product.id): \(has)", exitCode: .dataError
            ), code: "invalidOfferIdentifier")
        }
        return .winBackOffer(offer)
    }

    /// The store's refusal of `--win-back` in words: who may take the offer, and which
    /// offers this customer may take now.
    func winBackRefusal(_ error: any Error, product: Product, store: LocalStore) async -> any Error {
        guard let winBack, case Product.PurchaseError.ineligibleForOffer = error,
              let groupID = product.subscription?.subscriptionGroupID
        else { return error }
        let eligible = (try? await store.subscriptionStatuses(for: groupID))?
            .first?.renewalInfo.verifiedValue?.eligibleWinBackOfferIDs ?? []
        let now = eligible.isEmpty ? "none" : eligible.joined(separator: ", ")
        return reported(CommandFailure(
            "not eligible for win-back offer \"\(winBack)\" of \(product.id): only a churned subscriber of its group "
                + "(expired, not in billing retry or grace) who meets the offer's terms may take it; eligible now: \(now)",
            exitCode: .failure
        ), code: "ineligibleForOffer")
    }

    /// `failure`, printed first as `--json`'s failure line under the store's `code`.
    private func reported(_ failure: CommandFailure, code: String) -> CommandFailure {
        if json { StoreCommandSupport.print(FailureJSON.line(code: code, message: failure.message)) }
        return failure
    }
}
