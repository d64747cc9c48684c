/// A `Refund` command's step: what the App Store does with the refund.
///
/// ```swift
/// try Tape("Refund com.example.tip request").lines[0].command
/// // .event(.refund(productID: "com.example.tip", step: .request(reason: nil)))
/// ```
public enum TapeRefundStep: Sendable, Hashable {
    /// Refunded in full at once (the developer's own refund).
    case now
    /// The customer asks, for Apple's `consumptionRequestReason` (the store reads it; nil: OTHER).
    case request(reason: String?)
    /// The request decided: `grant`, `prorated=PERCENT` or `decline` (the store reads it).
    case decide(String)
}

extension TapeStoreEvent {
    /// The event's command as written in a tape: `Advance`, `Renew`.
    public var keyword: String {
        switch self {
        case .advance: "Advance"
        case .priceIncrease: "PriceIncrease"
        case .resolveBillingIssue: "ResolveBillingIssue"
        case .renew: "Renew"
        case .priceConsent: "PriceConsent"
        case .removeFromSale: "RemoveFromSale"
        case .autoRenew: "AutoRenew"
        case .refund: "Refund"
        case .refundReverse: "RefundReverse"
        case .extend: "Extend"
        }
    }

    /// The store-control commands named after the CLI's (`renew`, `price-consent`, `refund` …);
    /// nil for another keyword.
    init?(keyword: String, arguments: [String]) throws(TapeLineError) {
        let product = arguments.first ?? ""
        let rest = Array(arguments.dropFirst())
        func usage(_ form: String) -> TapeLineError {
            TapeLineError("\(keyword) takes \(form), not \"\(arguments.joined(separator: " "))\"")
        }
        switch keyword {
        case "Renew":
            guard !product.isEmpty, rest.isEmpty || rest == ["fail"] else {
                throw usage("a product and optionally fail, such as Renew com.example.pass.monthly fail")
            }
            self = .renew(productID: product, billingFails: !rest.isEmpty)
        case "PriceConsent":
            guard !product.isEmpty, rest.count == 1, let accepts = ["accept": true, "decline": false][rest[0]] else {
                throw usage("a product and accept or decline, such as PriceConsent com.example.pass.monthly accept")
            }
            self = .priceConsent(productID: product, accepts: accepts)
        case "RemoveFromSale":
            guard !product.isEmpty, rest.isEmpty else { throw usage("one product, such as RemoveFromSale com.example.pass.monthly") }
            self = .removeFromSale(productID: product)
        case "AutoRenew":
            guard !product.isEmpty, rest.count == 1, let on = ["on": true, "off": false][rest[0]] else {
                throw usage("a product and on or off, such as AutoRenew com.example.pass.monthly off")
            }
            self = .autoRenew(productID: product, on: on)
        case "Refund":
            guard !product.isEmpty, let step = Self.refundStep(rest) else {
                throw usage("a product and optionally request [REASON], grant, prorated=PERCENT or decline, such as Refund com.example.tip request")
            }
            self = .refund(productID: product, step: step)
        case "RefundReverse":
            guard !product.isEmpty, rest.isEmpty else { throw usage("one product, such as RefundReverse com.example.tip") }
            self = .refundReverse(productID: product)
        case "Extend":
            guard !product.isEmpty, (1...2).contains(rest.count) else {
                throw usage("a product, days and optionally a reason code, such as Extend com.example.pass.monthly 30 3")
            }
            self = .extend(productID: product, days: rest[0], reason: rest.count == 2 ? rest[1] : nil)
        default:
            return nil
        }
    }

    private static func refundStep(_ words: [String]) -> TapeRefundStep? {
        switch words.first {
        case nil: .now
        case "request"?: words.count <= 2 ? .request(reason: words.count == 2 ? words[1] : nil) : nil
        case let decision? where words.count == 1 && decision != "request": .decide(decision)
        default: nil
        }
    }
}
