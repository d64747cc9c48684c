import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import Testing

@Suite("Reading test controls: settings, error names, time rates, store-time steps")
struct StoreControlParsingTests {
    @Test("A .storekit file's settings become the controls")
    func fromSettings() throws {
        let settings = CatalogSettings(
            timeRate: 1005, askToBuyEnabled: true,
            storeKitErrors: [
                StoreKitErrorSetting(name: "Load Products", isEnabled: true, error: .init(type: "generic", index: 1)),
                StoreKitErrorSetting(name: "Purchase", isEnabled: true, error: .init(type: "purchase", index: 3)),
                StoreKitErrorSetting(name: "Verification", isEnabled: true),
                StoreKitErrorSetting(name: "App Store Sync", isEnabled: false, error: .init(type: "generic", index: 0)),
                StoreKitErrorSetting(name: "Refund Request Sheet", isEnabled: true, error: .init(type: "refund request", index: 0)),
            ],
            billingGracePeriodEnabled: true, renewalBillingIssuesEnabled: true
        )
        let controls = StoreControls(settings: settings)
        #expect(controls.askToBuy)
        #expect(controls.timeRate == .oneRenewalEvery(.seconds(2)))
        #expect(controls.billingRetryOnRenewal)
        #expect(controls.billingGracePeriod)
        #expect(controls.failures.keys.sorted { $0.rawValue < $1.rawValue } == [.loadProducts, .purchase, .refundRequest, .verification])
        #expect(controls.failures[.loadProducts]?.name == "networkError")
        #expect(controls.failures[.purchase]?.name == "ineligibleForOffer")
        #expect(controls.failures[.verification]?.name == "invalidSignature")
        #expect(controls.failures[.refundRequest] != nil, "the refund sheet's error setting makes refund requests fail")
    }

    @Test("Default controls change nothing")
    func defaults() {
        let controls = StoreControls(settings: CatalogSettings())
        #expect(controls.latency == .none)
        #expect(controls.failures.isEmpty)
        #expect(!controls.askToBuy && !controls.billingRetryOnRenewal)
        #expect(controls.timeRate == .realTime)
        #expect(controls.originalAppVersion == "2.0")
    }

    @Test("Error names are StoreKit's, and each API takes only its own")
    func errorNames() throws {
        #expect(try SimulatedError(name: "ineligibleForOffer", for: .purchase).name == "ineligibleForOffer")
        #expect(try SimulatedError(name: "notEntitled", for: .appTransaction).name == "notEntitled")
        #expect(try SimulatedError(name: "invalidEncoding", for: .verification).name == "invalidEncoding")
        #expect(throws: SimulatedError.NameError.self) { try SimulatedError(name: "ineligibleForOffer", for: .loadProducts) }
        #expect(throws: SimulatedError.NameError.self) { try SimulatedError(name: "networkError", for: .verification) }
        do {
            _ = try SimulatedError(name: "oops", for: .appStoreSync)
        } catch {
            #expect(error.description.hasPrefix("appStoreSync cannot fail with \"oops\"; use one of: unknown, networkError"))
        }
    }

    @Test("Xcode's time-rate codes", arguments: [
        (0, TimeRate.realTime),
        (6, .dayLasts(.seconds(1))),
        (13, .monthlyRenewalEvery(.seconds(300), week: .seconds(180))),
        (1002, .oneRenewalEvery(.seconds(60))),
    ])
    func timeRateCodes(code: Int, rate: TimeRate) {
        #expect(TimeRate(xcodeCode: code) == rate)
    }

    @Test("Period lengths at each kind of rate")
    func periodLengths() throws {
        let start = Fixtures.epoch
        let month = Product.SubscriptionPeriod(value: 1, unit: .month)
        let year = Product.SubscriptionPeriod(value: 1, unit: .year)
        let week = Product.SubscriptionPeriod(value: 1, unit: .week)
        let hourly = try #require(TimeRate(xcodeCode: 10))
        #expect(hourly.periodEnd(month, from: start) == start + 3600)
        #expect(hourly.periodEnd(year, from: start) == start + 12 * 3600)
        #expect(hourly.periodEnd(week, from: start) == start + 900)
        #expect(TimeRate.dayLasts(.seconds(1)).periodEnd(month, from: start) == start + 31)  // January has 31 days
        #expect(TimeRate.oneRenewalEvery(.seconds(10)).periodEnd(year, from: start) == start + 10)
        #expect(TimeRate.realTime.gracePeriod(for: week) == 6 * 86_400)
        #expect(TimeRate.realTime.gracePeriod(for: month) == 16 * 86_400)
        #expect(TimeRate.realTime.billingRetryPeriod == 60 * 86_400)
        #expect(TimeRate.oneRenewalEvery(.seconds(30)).billingRetryPeriod == 60)
        #expect(TimeRate(xcodeCode: 7) == nil)
    }

    @Test("Store-time steps take whole numbers and calendar units")
    func steps() throws {
        let january31 = Fixtures.epoch + 30 * 86_400
        let month = try #require(StoreTimeStep("1mo"))
        #expect(month.date(after: january31) == Fixtures.epoch + (31 + 27) * 86_400)  // 28 February
        #expect(StoreTimeStep("90s")?.date(after: Fixtures.epoch) == Fixtures.epoch + 90)
        #expect(StoreTimeStep("2w")?.date(after: Fixtures.epoch) == Fixtures.epoch + 14 * 86_400)
        #expect(StoreTimeStep("1y")?.date(after: Fixtures.epoch) == Fixtures.epoch + 365 * 86_400)
        #expect(StoreTimeStep("3h")?.description == "3h")
        for bad in ["", "mo", "0d", "-1d", "1.5h", "1 d", "1month", "1M", "9999999999s"] {
            #expect(StoreTimeStep(bad) == nil, "\(bad) should not parse")
        }
    }
}
