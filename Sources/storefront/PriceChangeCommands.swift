import ArgumentParser
import Foundation
import LocalStore
import StorefrontCommandLine
import StorefrontModel

extension PriceChangeError: ExitCodeError {}

/// A price as a catalog writes one: digits, and a decimal point with digits after it.
struct PriceArgument: CommandLineValue, CustomStringConvertible {
    let value: Decimal

    init(commandLine argument: String) throws {
        guard argument.wholeMatch(of: #/[0-9]+(\.[0-9]+)?/#) != nil, let value = Decimal(string: argument) else {
            throw ValidationError("price \"\(argument)\" is not a price like 4.99")
        }
        self.value = value
    }

    var description: String { "\(value)" }
}

/// `storefront price-increase PRODUCT_ID PRICE [--no-consent]`: raises a subscription's
/// price for its existing subscribers, App Store Connect's price increase with StoreKit
/// Testing's consent flow.
struct PriceIncreaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "price-increase",
        abstract: "Raise a subscription's price for its existing subscribers.",
        discussion: """
            Each standing subscription that renews as the product gets the new price at its next renewal. \
            With consent required (the default) the customer is asked first: serve --http's --notify URLs get \
            PRICE_INCREASE PENDING, `storefront run` shows the consent sheet, and `price-consent` answers; unanswered \
            or declined, the subscription expires at its renewal date (EXPIRED PRICE_INCREASE). With --no-consent it \
            renews at the new price (PRICE_INCREASE ACCEPTED). The catalog file is not changed. \
            Exits 65 for a product that is not a subscription or a price not above the current one, 1 when nobody subscribes.
            """
    )

    @Argument(help: "The subscription's product ID.")
    var productID: String

    @Argument(help: "The new price, in the catalog's currency (4.99).")
    var price: Parsed<PriceArgument>

    @Flag(help: "An increase that needs no consent: the next renewal bills it.")
    var noConsent = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        _ = try price.get()
    }

    func run() async throws {
        let price = try price.get().value
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot raise the price of \(productID)") {
            for increase in try await store.increasePrice(of: productID, to: price, requiresConsent: !noConsent) {
                let next = increase.status == .pending ? "waiting for consent (PRICE_INCREASE PENDING)" : "from the next renewal (PRICE_INCREASE ACCEPTED)"
                StoreCommandSupport.print("Raised \(productID) to \(price) for subscription \(increase.originalID): \(next)")
            }
        }
    }
}

/// `storefront price-consent TRANSACTION_ID accept|decline`: the customer's answer to a
/// price increase, StoreKit Testing's `consentToPriceIncreaseForTransaction` and
/// `declinePriceIncreaseForTransaction`.
struct PriceConsentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "price-consent",
        abstract: "Accept or decline a subscription's price increase as the customer.",
        discussion: "Exits 1 when the subscription has no price increase waiting for an answer."
    )

    enum Answer: String, ExpressibleByArgument, CaseIterable {
        case accept, decline
    }

    @Argument(help: "A transaction ID of the subscription, as `transactions` lists it.")
    var transactionID: Int64

    @Argument(help: "accept or decline.")
    var answer: Answer

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot answer the price increase of transaction \(transactionID)") {
            if answer == .accept {
                let increase = try await store.consentToPriceIncrease(transactionID: transactionID)
                StoreCommandSupport.print("Accepted \(increase.productID) at \(increase.price): it renews at the new price")
            } else {
                let increase = try await store.declinePriceIncrease(transactionID: transactionID)
                StoreCommandSupport.print("Declined \(increase.productID) at \(increase.price): it expires at its renewal date")
            }
        }
    }
}

/// `storefront remove-from-sale PRODUCT_ID [--put-back]`: App Store Connect's Remove from
/// Sale, for every customer of the ledger.
struct RemoveFromSaleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-from-sale",
        abstract: "Remove a product from sale, or put it back.",
        discussion: """
            Nobody can buy it (the app shows it as unavailable; buy exits 1), and its subscribers lapse at \
            their renewal date (EXPIRED PRODUCT_NOT_FOR_SALE). Exits 1 for a product the catalog lacks.
            """
    )

    @Argument(help: "The product ID.")
    var productID: String

    @Flag(help: "Put the product back on sale.")
    var putBack = false

    @OptionGroup var storeOptions: StoreOptions

    /// `buy`'s refusal of a product off sale, naming how to sell it again; nil for any other error.
    static func refusal(_ error: any Error, productID: String, store: LocalStore) async -> CommandFailure? {
        guard case Product.PurchaseError.productUnavailable? = error as? Product.PurchaseError,
              (try? await store.isRemovedFromSale(productID)) == true
        else { return nil }
        return CommandFailure("\(productID) is removed from sale; `remove-from-sale \(productID) --put-back` sells it again", exitCode: .failure)
    }

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot change whether \(productID) is on sale") {
            try await store.setRemovedFromSale(!putBack, productID: productID)
            StoreCommandSupport.print(putBack ? "\(productID) is on sale again." : "Removed \(productID) from sale.")
        }
    }
}
