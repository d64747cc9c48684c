import ArgumentParser
import Foundation
import LocalStore
import StorefrontCommandLine

/// `storefront extend ORIGINAL_TRANSACTION_ID DAYS`: extends a subscription's renewal date, as
/// the App Store Server API's Extend a Subscription Renewal Date does (RENEWAL_EXTENDED to the
/// app's server; a running app sees the new expiration date).
struct ExtendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extend",
        abstract: "Extend a subscription's renewal date.",
        discussion: """
            Apple's limits apply: 1 to 90 days, an active subscription with a paid period (not in a free trial, \
            billing retry or a lapsed grace period, not shared through Family Sharing), at most two extensions in \
            365 days. The same --request-id again changes nothing. Exits 1 when the subscription cannot be \
            extended, 65 for an unknown transaction, 64 for days or a reason out of range.
            """
    )

    @Argument(help: "The subscription's original transaction ID, as `transactions` lists it.")
    var originalTransactionID: Int64

    @Argument(help: "How many days later it renews (1 to 90).")
    var days: Int

    @Option(help: "Apple's extendReasonCode: 0 undeclared, 1 customer satisfaction, 2 other, 3 service issue or outage.")
    var reason = RenewalExtension.Reason.undeclared.rawValue

    @Option(name: .customLong("request-id"), help: "The request identifier; asking again with it changes nothing. A new UUID unless given.")
    var requestIdentifier = UUID().uuidString

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard (1...RenewalExtension.maximumDays).contains(days) else {
            throw ValidationError("DAYS must be 1 to \(RenewalExtension.maximumDays), not \(days)")
        }
        guard RenewalExtension.Reason(rawValue: reason) != nil else {
            throw ValidationError("--reason must be 0, 1, 2 or 3, not \(reason)")
        }
    }

    func run() async throws {
        let store = try await storeOptions.makeStore()
        let action = "cannot extend subscription \(originalTransactionID)"
        try await StoreCommandSupport.run(action) {
            let done = try await store.extendRenewalDate(
                originalTransactionID: originalTransactionID, byDays: days, reason: RenewalExtension.Reason(rawValue: reason) ?? .undeclared,
                requestIdentifier: requestIdentifier
            )
            guard let renews = done.effectiveDate else {
                throw CommandFailure(Self.explain(done.refusal), exitCode: .failure)
            }
            StoreCommandSupport.print(
                "Extended subscription \(originalTransactionID) by \(done.extendByDays) days: it now renews \(renews.ISO8601Format())"
            )
        }
    }

    static func explain(_ refusal: RenewalExtension.Refusal?) -> String {
        switch refusal {
        case .maximumReached?: "it already had \(RenewalExtension.maximumPerYear) extensions in the past 365 days"
        case .familyShared?: "it is shared through Family Sharing; extend the purchaser's subscription"
        default: "it is not active with a paid period (expired, revoked, in billing retry or in a free trial)"
        }
    }
}
