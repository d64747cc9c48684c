import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import Testing

/// Dates in the fixtures' UTC calendar, from `Fixtures.epoch` (1 January 2026).
private func day(_ month: Int, _ day: Int, year: Int = 2026) -> Date {
    Calendar(identifier: .gregorian).date(from: DateComponents(timeZone: .gmt, year: year, month: month, day: day)) ?? .distantPast
}

private let dayLength: Duration = .seconds(86_400)

/// A yearly plan paid monthly with a 12-month commitment (Almanac.storekit's Pro Yearly).
@Suite("Billing plans: monthly with a 12-month commitment")
struct BillingPlanTests {
    static let yearly = "com.example.almanac.pro.yearly"
    static let group = "A1A1A1A1"

    static func harness(_ engine: Engine) async throws -> StoreHarness {
        try await StoreHarness(engine: engine, catalog: try Fixtures.bundled("Almanac"))
    }

    /// The chain's transactions, oldest first.
    static func chain(_ harness: StoreHarness) async throws -> [Transaction] {
        try await harness.store.allTransactions().compactMap(\.verifiedValue)
    }

    @Test("The yearly plan's pricing terms: up front, and $5.99 a month for 12 months")
    func pricingTerms() async throws {
        let harness = try await Self.harness(.sqlite)
        let product = try await harness.product(Self.yearly)
        let terms = try #require(product.subscription?.pricingTerms)
        #expect(terms.map(\.billingPlanType) == [.upFront, .monthly])
        let monthly = try #require(product.subscription?.monthlyPricingTerms)
        #expect(monthly.billingDisplayPrice == "$5.99")
        #expect(monthly.billingPeriod == .init(value: 1, unit: .month))
        #expect(monthly.billingPeriodCount == 12)
        #expect(monthly.commitmentInfo.displayPrice == "$71.88")
        #expect(try await harness.product("com.example.almanac.pro.monthly").subscription?.monthlyPricingTerms == nil)
    }

    @Test("Bought monthly: $5.99 a month, numbered 1 to 12 of one commitment, then a new commitment", arguments: Engine.allCases)
    func commitmentRenews(engine: Engine) async throws {
        let harness = try await Self.harness(engine)
        let first = try await harness.buy(Self.yearly, options: [.billingPlanType(.monthly)])
        #expect(first.billingPlanType == .monthly)
        #expect(first.expirationDate == day(2, 1))
        #expect(first.commitmentInfo == Transaction.CommitmentInfo(
            expirationDate: day(1, 1, year: 2027), billingPeriodNumber: 1, totalBillingPeriods: 12, price: Decimal(string: "71.88")!
        ))
        let entry = try #require(try await harness.ledger.transaction(id: Int64(first.id)))
        #expect(entry.transaction.price == Decimal(string: "5.99"))

        let renewal = try #require(try await harness.status(Self.group).renewalInfo.verifiedValue)
        #expect(renewal.renewalBillingPlanType == .monthly)
        #expect(renewal.commitmentInfo?.renewalDate == day(1, 1, year: 2027))
        #expect(renewal.commitmentInfo?.willAutoRenew == true)

        harness.clock.advance(by: dayLength * 366)  // 2 January 2027: eleven renewals, then a new commitment
        let chain = try await Self.chain(harness)
        #expect(chain.count == 13)
        #expect(chain.prefix(12).map { $0.commitmentInfo?.billingPeriodNumber } == (1...12).map { UInt64($0) })
        #expect(Set(chain.prefix(12).map { $0.commitmentInfo?.expirationDate }) == [day(1, 1, year: 2027)])
        #expect(chain[11].expirationDate == day(1, 1, year: 2027))
        let next = chain[12]
        #expect(next.billingPlanType == .monthly)
        #expect(next.commitmentInfo?.billingPeriodNumber == 1)
        #expect(next.commitmentInfo?.expirationDate == day(1, 1, year: 2028))
        #expect(Set(chain.map(\.originalID)) == [first.id])
    }

    @Test("Auto-renew off during the commitment: its payments go on to the twelfth, then it expires", arguments: Engine.allCases)
    func cancelledCommitmentRunsOut(engine: Engine) async throws {
        let harness = try await Self.harness(engine)
        let first = try await harness.buy(Self.yearly, options: [.billingPlanType(.monthly)])
        try await harness.store.setAutoRenew(false, forTransaction: Int64(first.id))
        harness.clock.advance(by: dayLength * 400)
        let chain = try await Self.chain(harness)
        #expect(chain.count == 12)
        #expect(chain.last?.commitmentInfo?.billingPeriodNumber == 12)
        let status = try await harness.status(Self.group)
        #expect(status.state == .expired)
    }

    @Test("Choosing to pay up front after the commitment renews it as a year at $59.99", arguments: Engine.allCases)
    func upFrontAfterCommitment(engine: Engine) async throws {
        let harness = try await Self.harness(engine)
        let first = try await harness.buy(Self.yearly, options: [.billingPlanType(.monthly)])
        let kept = try await harness.buy(Self.yearly, options: [.billingPlanType(.upFront)])
        #expect(kept == first)  // nothing new now: the commitment stays
        let renewal = try #require(try await harness.status(Self.group).renewalInfo.verifiedValue)
        #expect(renewal.commitmentInfo?.renewalBillingPlanType == .upFront)
        #expect(renewal.commitmentInfo?.renewalPrice == Decimal(string: "59.99"))

        harness.clock.advance(by: dayLength * 366)
        let chain = try await Self.chain(harness)
        #expect(chain.count == 13)
        let year = chain[12]
        #expect(year.billingPlanType == .upFront)
        #expect(year.commitmentInfo == nil)
        #expect(year.expirationDate == day(1, 1, year: 2028))
        let entry = try #require(try await harness.ledger.transaction(id: Int64(year.id)))
        #expect(entry.transaction.price == Decimal(string: "59.99"))
    }

    @Test("A monthly plan the product does not have is refused")
    func unknownPlan() async throws {
        let harness = try await Self.harness(.sqlite)
        let monthly = try await harness.product("com.example.almanac.pro.monthly")
        await #expect(throws: Product.PurchaseError.productUnavailable) {
            try await harness.store.purchase(monthly, options: [.billingPlanType(.monthly)])
        }
        #expect(try await harness.ledger.transactions().isEmpty)
    }
}
