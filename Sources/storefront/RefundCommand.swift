import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// `storefront refund TRANSACTION_ID`: refunds a transaction; it stops entitling at once.
/// With `--request`, the customer only asks for it (CONSUMPTION_REQUEST to the app's server);
/// `--decide` then settles the request as the App Store would.
struct RefundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund",
        abstract: "Refund a transaction, or ask for and decide a refund.",
        discussion: """
            Without --request or --decide, refunds in full at once (the developer's own refund). \
            Exits 64 for a bad option, 65 for an unknown transaction, one that no longer verifies, \
            or a request or decision its state does not allow.
            """
    )

    @Argument(help: "The transaction ID, as `transactions` lists it.")
    var transactionID: Int64

    @Flag(help: "Refund for an issue in the app (revocation reason developerIssue).")
    var developerIssue = false

    @Flag(help: ArgumentHelp(
        "Ask for the refund as the customer would, without granting it: serve --http's --notify URLs get CONSUMPTION_REQUEST with the reason; decide it with --decide."
    ))
    var request = false

    @Option(help: ArgumentHelp(
        "With --request, the customer's reason, Apple's consumptionRequestReason (OTHER unless told).",
        valueName: "reason"
    ))
    var reason: RefundReasonArgument?

    @Option(help: ArgumentHelp(
        "Settle the refund as the App Store would: grant (REFUND, REFUND_FULL); prorated=PERCENT, 0.001 to 99.999, such as prorated=12.5 (REFUND, REFUND_PRORATED); or decline (REFUND_DECLINED; needs a --request first).",
        valueName: "decision"
    ))
    var decide: RefundDecisionArgument?

    @Flag(help: "Print the transaction as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if request && decide != nil { throw ValidationError("--request and --decide cannot be used together: ask first, then decide") }
        if reason != nil && !request { throw ValidationError("--reason goes with --request: it is the customer's reason for asking") }
        if developerIssue && (request || decide?.decision == .decline) {
            throw ValidationError("--developer-issue is the reason of a granted refund, not of a request or a decline")
        }
    }

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot refund transaction \(transactionID)") {
            let revocation: LedgerTransaction.RevocationReason = developerIssue ? .developerIssue : .other
            let entry: LedgerEntry, done: String
            if request {
                let asked = try await store.requestRefund(transactionID: transactionID, reason: reason?.reason ?? .other)
                guard let found = try await store.ledger.transaction(id: transactionID) else {
                    throw LedgerError.transactionNotFound(id: transactionID)
                }
                entry = found
                done = "Asked (\(asked.reason.rawValue)) for a refund of"
            } else if let decide {
                entry = try await store.decideRefund(transactionID: transactionID, decide.decision, reason: revocation)
                done = decide.done
            } else {
                entry = try await store.refund(transactionID: transactionID, reason: revocation)
                done = "Refunded"
            }
            let result = await store.verificationResult(of: entry)
            StoreCommandSupport.print(json
                ? StoreJSON.transaction(result, entry: entry, finished: entry.isFinished).compactJSON
                : "\(done) transaction \(entry.id) (\(entry.transaction.productID))")
        }
    }
}

/// `storefront refund-reverse TRANSACTION_ID`: undoes a refund, as the App Store does after a
/// dispute (REFUND_REVERSED); the transaction entitles again.
struct RefundReverseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund-reverse",
        abstract: "Reverse a refund: the transaction entitles again.",
        discussion: "Exits 65 for an unknown transaction, one that no longer verifies, or one with no refund to reverse."
    )

    @Argument(help: "The refunded transaction's ID, as `transactions` lists it.")
    var transactionID: Int64

    @Flag(help: "Print the transaction as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot reverse the refund of transaction \(transactionID)") {
            let entry = try await store.reverseRefund(transactionID: transactionID)
            let result = await store.verificationResult(of: entry)
            StoreCommandSupport.print(json
                ? StoreJSON.transaction(result, entry: entry, finished: entry.isFinished).compactJSON
                : "Reversed the refund of transaction \(entry.id) (\(entry.transaction.productID))")
        }
    }
}

/// `--reason`'s value: Apple's `consumptionRequestReason`, any case.
struct RefundReasonArgument: ExpressibleByArgument {
    let reason: RefundRequest.Reason

    init?(argument: String) {
        guard let reason = RefundRequest.Reason(rawValue: argument.uppercased()) else { return nil }
        self.reason = reason
    }

    static var allValueStrings: [String] { RefundRequest.Reason.allCases.map(\.rawValue) }
}

/// `--decide`'s value: `grant`, `decline`, or `prorated=PERCENT` in percent (Apple's
/// milliunits are a thousandth of a percent, so 12.5 is 12500).
struct RefundDecisionArgument: ExpressibleByArgument {
    let decision: Ledger.RefundDecision

    init?(argument: String) {
        switch argument.lowercased() {
        case "grant": decision = .grant
        case "decline": decision = .decline
        case let text where text.hasPrefix("prorated="):
            let number = text.dropFirst("prorated=".count)
            // Digits with at most one point: Decimal(string:) alone would take "40abc" as 40.
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  number.filter({ $0 == "." }).count <= 1,
                  let percent = Decimal(string: String(number), locale: Locale(identifier: "en_US_POSIX")),
                  percent > 0, percent < 100
            else { return nil }
            var milliunits = percent * 1000, rounded = Decimal()
            NSDecimalRound(&rounded, &milliunits, 0, .plain)
            guard rounded == percent * 1000 else { return nil }  // finer than Apple's 0.001%
            decision = .grantProrated(percentage: NSDecimalNumber(decimal: rounded).intValue)
        default: return nil
        }
    }

    static var allValueStrings: [String] { ["grant", "prorated=PERCENT", "decline"] }

    /// The verb the command prints.
    var done: String {
        switch decision {
        case .grant: "Refunded"
        case .grantProrated(let milliunits): "Refunded \(Decimal(milliunits) / 1000)% of"
        case .decline: "Declined the refund of"
        }
    }
}
