import Foundation
import Testing
@testable import StoreCatalog

/// `winbackOffers` as Xcode 16 writes them, with App Store Connect's eligibility terms when a
/// file adds them; bad terms fail with the file and the JSON path.
@Suite struct WinBackTermsTests {
    private func subscription(offer: String) -> String {
        #"{"subscriptionGroups": [{"id": "G", "subscriptions": [{"productID": "s", "displayPrice": "5.99", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M", "winbackOffers": [\#(offer)]}]}]}"#
    }

    private let xcodeOffer = #""displayPrice": "0", "internalID": "A1", "isEligible": true, "numberOfPeriods": 1, "offerID": "welcome", "paymentMode": "free", "referenceName": "Welcome back", "subscriptionPeriod": "P1M""#

    @Test("The corpus's Xcode 16 offers load; without terms any churned subscriber qualifies")
    func corpusOffersHaveOpenTerms() throws {
        let catalog = try loadCorpus("comexbackkid__LeftPocket__StoreKitConfiguration.storekit")
        let offers = catalog.products.compactMap(\.subscription).flatMap(\.winBackOffers)
        #expect(offers.compactMap(\.id) == ["winbackoffer_399_1m", "winbackoffer_499"])
        #expect(offers.allSatisfy { $0.winBackTerms == .anyChurnedSubscriber && $0.isEligible == true })
        // Other offers carry no win-back terms.
        #expect(catalog.products.compactMap(\.subscription).compactMap(\.introductoryOffer).allSatisfy { $0.winBackTerms == nil })
    }

    @Test("App Store Connect's terms are read: paid months, time since, wait, priority")
    func termsAreRead() throws {
        let json = subscription(offer: "{" + xcodeOffer + #", "customerEligibilityPaidSubscriptionDurationInMonths": 6, "customerEligibilityTimeSinceLastSubscribedInMonths": {"minimum": 2, "maximum": 24}, "customerEligibilityWaitBetweenOffersInMonths": 3, "priority": "HIGH"}"#)
        let offer = try #require(try decode(json, file: "Shop.storekit").products.first?.subscription?.winBackOffers.first)
        let terms = try #require(offer.winBackTerms)
        #expect(terms.paidSubscriptionDurationInMonths == 6)
        #expect(terms.timeSinceLastSubscribedInMonths == (2, 24))
        #expect(terms.waitBetweenOffersInMonths == 3)
        #expect(terms.priority == .high)
        #expect(offer.paymentMode == .freeTrial && offer.period.iso8601 == "P1M")
    }

    @Test(arguments: [
        (#""priority": "URGENT""#, #"priority: unknown priority "URGENT" (expected HIGH or NORMAL)"#),
        (#""customerEligibilityPaidSubscriptionDurationInMonths": -1"#,
         "customerEligibilityPaidSubscriptionDurationInMonths: expected a number of months, 0 or more, found -1"),
        (#""customerEligibilityWaitBetweenOffersInMonths": "two""#,
         "customerEligibilityWaitBetweenOffersInMonths: expected an integer, found a string"),
        (#""customerEligibilityTimeSinceLastSubscribedInMonths": {"minimum": 6, "maximum": 3}"#,
         "customerEligibilityTimeSinceLastSubscribedInMonths.maximum: expected a maximum above the minimum (6 months), found 3"),
        (#""customerEligibilityTimeSinceLastSubscribedInMonths": 3"#,
         "customerEligibilityTimeSinceLastSubscribedInMonths: expected an object, found a number"),
        (#""isEligible": "yes""#, "isEligible: expected a boolean, found a string"),
    ])
    func badTermsNameTheFileAndField(member: String, expected: String) {
        let offer = "{" + xcodeOffer.replacingOccurrences(of: #""isEligible": true, "#, with: "") + ", " + member + "}"
        do {
            _ = try decode(subscription(offer: offer), file: "Shop.storekit")
            Issue.record("decoded")
        } catch {
            #expect(error.description == "Shop.storekit: subscriptionGroups[0].subscriptions[0].winbackOffers[0]." + expected)
        }
    }
}
