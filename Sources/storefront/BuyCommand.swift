import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel
import TerminalUI

/// `storefront buy PRODUCT_ID [--json] [--cancel] [--quantity N] [--win-back OFFER_ID]`: buys one product from
/// the catalog into the ledger, prints the outcome, then finishes (delivers) the
/// transaction, as an app does once it has handed the content over.
struct BuyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy",
        abstract: "Buy a product into the ledger.",
        discussion: """
            Prints the outcome, with --json as "result": success (a new transaction, with it), \
            alreadyOwned (a non-consumable bought before: that transaction, nothing new), \
            alreadySubscribed (the current plan: its transaction, nothing new), scheduled (a \
            plan that starts at the next renewal: "autoRenewPreference" is that plan, \
            "renewalDate" when it starts, "transaction" the plan that stays until then), pending \
            (with the Ask to Buy request ID that approve and decline take), or userCancelled. \
            Each exits 0. A promotional offer on the current plan, or on a lower plan, waits for \
            the next renewal, as on the App Store: "scheduled" then has "offer" (its type, ID, \
            discount type, whole period and price), and the sentence says the date it applies \
            from. With --storefront in another currency than the catalog's, a second \
            line says the prices are the catalog's numbers in that currency. With --win-back, the \
            transaction carries the offer (type winBack and its ID); a customer the offer is not \
            open to (never subscribed, subscribed, in billing retry or grace, or outside its \
            terms) is refused, naming the offers open now. Exits 1 when the purchase fails and 65 \
            for a product (or win-back offer) the catalog does not have.

            A signed promotional offer (--promotional-offer JWS, or --promotional-signature with \
            --offer) and a signed intro-offer eligibility (--intro-eligibility JWS) are checked \
            against the keys registered with `serve api-keys add` and the store's --bundle-id, \
            at the store's time; a refused one exits 1 with its reason.
            """
    )

    @Argument(help: "The product ID, as in the catalog.")
    var productID: String

    @Flag(help: "Print JSON instead of a sentence.")
    var json = false

    @Flag(help: "Cancel at the payment sheet, as a customer who changed their mind.")
    var cancel = false

    @Option(help: "How many to buy (consumables only, 1 to 10).")
    var quantity = 1

    @Option(name: .customLong("win-back"), help: ArgumentHelp(
        "Apply the subscription's win-back offer with this offer ID (a churned subscriber's, as its renewal info lists them).",
        valueName: "offer-id"
    ))
    var winBack: String?
    @Option(help: ArgumentHelp(
        "Apply a promotional offer with the compact JWS the app's server signed (Apple's PromotionalOfferV2SignatureCreator); it names the offer.",
        valueName: "jws"
    ))
    var promotionalOffer: String?

    @Option(help: ArgumentHelp(
        "Apply the promotional offer --offer with its legacy signature (Apple's PromotionalOfferSignatureCreator; timestamp in ms, signature in base64).",
        valueName: "key-id:nonce:timestamp:signature"
    ))
    var promotionalSignature: Parsed<PromotionalSignature>?

    @Option(help: ArgumentHelp("The promotional offer's ID: needed with --promotional-signature; with --promotional-offer, the JWS must name it.", valueName: "id"))
    var offer: String?

    @Option(help: ArgumentHelp(
        "Grant or deny the introductory offer as the JWS the app's server signed says (Apple's IntroductoryOfferEligibilitySignatureCreator).",
        valueName: "jws"
    ))
    var introEligibility: String?
    @Option(help: "How to pay a yearly subscription with billing plans: monthly (a 12-month commitment) or upfront. Buying your current plan with the other one chooses how it renews.")
    var billingPlan: BillingPlanArgument?

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var appAccountToken: AppAccountTokenOption

    func validate() throws {
        guard (1...10).contains(quantity) else { throw ValidationError("--quantity must be from 1 to 10, not \(quantity).") }
        try validateSignedOffers()
    }

    func run() async throws {
        let store = try await storeOptions.makeStore()
        guard let product = store.catalog.product(id: productID) else {
            throw CommandFailure("unknown product \"\(productID)\": not in catalog \(storeOptions.catalogOption.catalog)", exitCode: .dataError)
        }
        if let billingPlan, billingPlan == .monthly, product.subscription?.monthlyPricingTerms == nil {
            throw CommandFailure(
                "\(productID) has no monthly billing plan in catalog \(storeOptions.catalogOption.catalog)", exitCode: .dataError
            )
        }
        if cancel {
            var controls = await store.controls
            controls.cancelsPurchases = true
            await store.setControls(controls)
        }
        // The reads around the purchase, the one before and the one that reports it, wait out
        // a store that stopped answering as the purchase itself does: a primary that died just
        // after the purchase committed must not make a bought product read as a failed purchase.
        var purchase: (outcome: LocalPurchaseOutcome, highestBefore: Int64)?
        try await StoreCommandSupport.run("purchase of \(productID) failed") {
            try await Ledger.readingThroughOutages {
                // What the ledger held before (one aggregate, no row read or verified): a
                // transaction from then was not bought now.
                let highestBefore = try await store.ledger.changeMarker().highestID
                var options = try purchaseOptions()
                options.formUnion(appAccountToken.purchaseOptions)
                if let billingPlan { options.insert(.billingPlanType(billingPlan.planType)) }
                if let winBack = try winBackOption(for: product) { options.insert(winBack) }
                do {
                    purchase = (try await store.buy(productID, options: options), highestBefore)
                } catch {
                    if let refusal = await RemoveFromSaleCommand.refusal(error, productID: productID, store: store) { throw refusal }
                    throw await winBackRefusal(error, product: product, store: store)
                }
            }
        }
        guard let purchase else { return }
        var bought: Transaction?
        if case .success(.verified(let transaction)) = purchase.outcome { bought = transaction }
        let landed = bought.map { "bought \(productID) (transaction \($0.id)) but could not read it back to report it; `storefront transactions` lists it" }
        try await StoreCommandSupport.run(landed ?? "purchase of \(productID) failed") {
            try await Ledger.readingThroughOutages {
                StoreCommandSupport.print(try await report(purchase.outcome, product: product, store: store, highestBefore: purchase.highestBefore))
            }
            if !json, let repricing = AppOptions.Repricing(store.catalog) { StoreCommandSupport.print(repricing.sentence) }
        }
        // Once bought, a failure to finish must not read as a failed purchase: the customer
        // would buy again. The transaction stays unfinished and `restore` delivers it.
        if let bought {
            try await StoreCommandSupport.run(
                "bought \(productID) (transaction \(bought.id)) but could not mark it delivered; `storefront restore` delivers it again"
            ) {
                try await store.finish(bought)
            }
        }
    }

    private func report(_ outcome: LocalPurchaseOutcome, product: Product, store: LocalStore, highestBefore: Int64) async throws -> String {
        switch outcome {
        case .success(let result):
            let id = Int64(clamping: result.unsafePayloadValue.id)
            guard let entry = try await store.ledger.transaction(id: id) else { throw LedgerError.transactionNotFound(id: id) }
            let transaction = result.unsafePayloadValue
            if promotionalOffer != nil || promotionalSignature != nil,
               let waiting = try await PendingOfferReport.waiting(in: store, plan: transaction, type: .promotional, offerID: nil),
               waiting.offer.productID == product.id {
                // An offer on the plan in force, or a lower one: it waits for the next renewal.
                return json ? waiting.json(result, entry: entry) : waiting.sentence
            }
            let kind = Bought(transaction, product: product, new: id > highestBefore)
            if json {
                var members: [PropertyValue.Member] = [.init(key: "result", value: .string(kind.rawValue))]
                if kind == .scheduled {
                    members.append(.init(key: "autoRenewPreference", value: .string(product.id)))
                    members.append(.init(key: "renewalDate", value: StoreJSON.date(transaction.expirationDate)))
                }
                members.append(.init(key: "verified", value: .bool(result.verifiedValue != nil)))
                members.append(.init(key: "transaction", value: StoreJSON.transaction(result, entry: entry)))
                return PropertyValue.object(members).compactJSON
            }
            let bought = switch kind {
            case .scheduled:
                "\(product.id) starts at the next renewal"
                    + (transaction.expirationDate.map { " (\($0.formatted(Date.ISO8601FormatStyle())))" } ?? "")
                    + "; until then \(transaction.productID) stays: transaction \(id)"
            case .alreadySubscribed:
                "\(product.displayName) is already your current plan: transaction \(id). Nothing new was bought."
            case .alreadyOwned:
                "\(product.displayName) is already owned: transaction \(id). Nothing new was bought."
            case .success:
                "Bought \(product.displayName) (\(product.id)) for \(Self.charged(entry, product: product))\(Self.offer(transaction))"
                    + "\(BillingPlanWords.commitment(transaction)): transaction \(id)"
            }
            if case .unverified(_, let error) = result {
                return bought + ", but it did not verify: \(error.localizedDescription)"
            }
            return bought
        case .pending(let request):
            if json {
                return PropertyValue([
                    "result": .string("pending"),
                    "request": PropertyValue(["id": .number(String(request.id)), "productID": .string(request.productID)]),
                ]).compactJSON
            }
            return "Waiting for approval: request \(request.id) for \(product.id) (storefront approve \(request.id), or decline)"
        case .userCancelled:
            return json ? PropertyValue(["result": .string("userCancelled")]).compactJSON : "Cancelled: nothing was bought."
        }
    }

    /// What the transaction charged, in the storefront's currency: its own price, not the
    /// list price (an introductory month, a free trial).
    static func charged(_ entry: LedgerEntry, product: Product) -> String {
        guard let price = entry.transaction.price else { return product.displayPrice }
        return price.formatted(product.priceFormatStyle)
    }

    /// The offer the transaction used, as words after the price: " (free trial, introductory
    /// offer, until 2026-01-08T00:00:00Z)"; empty without one.
    static func offer(_ transaction: Transaction) -> String {
        guard let offer = transaction.offer else { return "" }
        let kind = switch offer.type {
        case .introductory: "introductory offer"
        case .promotional: "promotional offer"
        case .winBack: "win-back offer \(offer.id ?? "")"
        case .code: "offer code \(offer.id ?? "")"
        }
        let mode = switch offer.paymentMode {
        case .freeTrial?: "free trial, "
        case .payAsYouGo?: "pay as you go, "
        case .payUpFront?: "paid up front, "
        case .oneTime?: "one-time price, "
        case nil: ""
        }
        let until = transaction.expirationDate.map { ", until \($0.formatted(Date.ISO8601FormatStyle()))" } ?? ""
        return " (\(mode)\(kind)\(until))"
    }

    /// What a successful purchase request did, the `result` of `--json`: a transaction
    /// written from before this command ran was not bought now.
    enum Bought: String {
        case success, alreadyOwned, alreadySubscribed, scheduled

        init(_ transaction: Transaction, product: Product, new: Bool) {
            self = if transaction.productID != product.id {
                // The store hands back the plan that stays until the renewal.
                .scheduled
            } else if new {
                .success
            } else {
                product.type == .autoRenewable ? .alreadySubscribed : .alreadyOwned
            }
        }
    }
}
