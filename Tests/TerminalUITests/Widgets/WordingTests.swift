import Foundation
import StorefrontModel
import Testing
import TerminalUI

@Suite("Period, offer and plan-change wording")
struct WordingTests {
    typealias Period = Product.SubscriptionPeriod

    @Test("Periods read as words, plural by number, abbreviated when narrow", arguments: [
        (Period(value: 1, unit: .month), "month", "mo"),
        (Period(value: 3, unit: .month), "3 months", "3 mo"),
        (Period(value: 1, unit: .year), "year", "yr"),
        (Period(value: 2, unit: .week), "2 weeks", "2 wk"),
        (Period(value: 1, unit: .day), "day", "day"),
        (Period(value: 3, unit: .day), "3 days", "3 days"),
    ])
    func unitPhrase(period: Period, full: String, short: String) {
        #expect(period.unitPhrase() == full)
        #expect(period.unitPhrase(abbreviated: true) == short)
    }

    @Test("Durations count the periods")
    func durations() {
        #expect(Period(value: 1, unit: .week).durationPhrase() == "1 week")
        #expect(Period(value: 1, unit: .month).durationPhrase(times: 3) == "3 months")
        #expect(Period(value: 3, unit: .month).durationPhrase(times: 2, abbreviated: true) == "6 mo")
        #expect(Period(value: 1, unit: .year).durationPhrase(times: 1) == "1 year")
    }

    @Test("A price with its period, spaced for lists and tight in sentences")
    func pricePerPeriod() {
        #expect(Fixtures.basicMonthly.pricePerPeriod() == "£4.99 / month")
        #expect(Fixtures.basicMonthly.pricePerPeriod(spaced: false) == "£4.99/month")
        #expect(Fixtures.premiumYearly.pricePerPeriod(abbreviated: true) == "£99.99 / yr")
        #expect(Fixtures.largeTip.pricePerPeriod() == "£4.99")
    }

    static func offer(_ mode: Product.SubscriptionOffer.PaymentMode, _ price: String, _ period: Period, _ count: Int) -> Product.SubscriptionOffer {
        .init(id: nil, type: .introductory, paymentMode: mode, period: period, periodCount: count, price: Decimal(string: price)!, priceFormatStyle: Fixtures.gbp)
    }

    @Test("The three payment modes", arguments: [
        (offer(.freeTrial, "0", Period(value: 1, unit: .week), 1), "1 week free, then £4.99/month"),
        (offer(.freeTrial, "0", Period(value: 1, unit: .month), 3), "3 months free, then £4.99/month"),
        (offer(.payAsYouGo, "0.99", Period(value: 1, unit: .month), 3), "£0.99/month for 3 months, then £4.99/month"),
        (offer(.payUpFront, "2.99", Period(value: 3, unit: .month), 1), "£2.99 for 3 months, then £4.99/month"),
    ])
    func offerTerms(offer: Product.SubscriptionOffer, expected: String) {
        #expect(offer.terms(then: Fixtures.basicMonthly) == expected)
    }

    @Test("No trial is promised to a customer who is not eligible, nor where there is none")
    func introEligibility() {
        #expect(Fixtures.premiumMonthly.introductoryOfferTerms(isEligible: true) == "1 week free, then £9.99/month")
        #expect(Fixtures.premiumMonthly.introductoryOfferTerms(isEligible: false) == nil)
        #expect(Fixtures.premiumYearly.introductoryOfferTerms(isEligible: true) == nil)
    }

    @Test("Plan changes: upgrades are immediate, downgrades wait for the renewal date")
    func planChanges() {
        let gb = Locale(identifier: "en_GB")
        let upgrade = PlanChange(from: Fixtures.basicMonthly, renewingAt: Fixtures.renewal, to: Fixtures.premiumMonthly, now: Fixtures.now)!
        let downgrade = PlanChange(from: Fixtures.premiumMonthly, renewingAt: Fixtures.renewal, to: Fixtures.basicMonthly, now: Fixtures.now)!
        let crossgrade = PlanChange(from: Fixtures.premiumMonthly, renewingAt: Fixtures.renewal, to: Fixtures.premiumYearly, now: Fixtures.now)!
        #expect(upgrade.wording(locale: gb, timeZone: Fixtures.utc, options: RenderOptions()) == "Upgrade")
        #expect(downgrade.wording(locale: gb, timeZone: Fixtures.utc, options: RenderOptions()) == "Downgrade — takes effect on 12 Dec 2026")
        #expect(crossgrade.wording(locale: gb, timeZone: Fixtures.utc, options: RenderOptions(ascii: true)) == "Switch Plan - takes effect on 12 Dec 2026")
        #expect(downgrade.wording(locale: Locale(identifier: "en_US"), timeZone: Fixtures.utc, options: RenderOptions()).hasSuffix("Dec 12, 2026"))
    }
}
