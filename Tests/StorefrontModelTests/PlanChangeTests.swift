import Foundation
import StorefrontModel
import Testing

/// Plan-change timing, with dates taken from a test clock.
@Suite struct PlanChangeTests {
    let testClock = VirtualClock()
    let clock: StoreClock
    let renewal: Date

    init() {
        clock = StoreClock(testClock, startingAt: Catalog.epoch)
        renewal = Catalog.epoch.addingTimeInterval(30 * 24 * 3600)
    }

    @Test func upgradeTakesEffectAtOnce() throws {
        let change = try #require(PlanChange(from: Catalog.basic, renewingAt: renewal, to: Catalog.premium, now: clock.now))
        #expect(change.relationship == .upgrade)
        #expect(change.timing == .immediately)
        #expect(change.effectiveDate == Catalog.epoch)
        #expect(change.isInEffect(at: clock.now))
    }

    @Test func downgradeWaitsForTheRenewal() async throws {
        let change = try #require(PlanChange(from: Catalog.premium, renewingAt: renewal, to: Catalog.basic, now: clock.now))
        #expect(change.relationship == .downgrade)
        #expect(change.timing == .atNextRenewal)
        #expect(change.effectiveDate == renewal)
        testClock.advance(by: .seconds(30 * 24 * 3600 - 1))
        #expect(!change.isInEffect(at: clock.now))
        testClock.advance(by: .seconds(1))
        #expect(change.isInEffect(at: clock.now))
    }

    @Test func crossgradeWithTheSamePeriodTakesEffectAtOnce() throws {
        let change = try #require(PlanChange(from: Catalog.basic, renewingAt: renewal, to: Catalog.basicPlus, now: clock.now))
        #expect(change.relationship == .crossgrade)
        #expect(change.timing == .immediately)
        #expect(change.isInEffect(at: clock.now))
    }

    @Test func crossgradeToAnotherPeriodWaitsForTheRenewal() async throws {
        let change = try #require(PlanChange(from: Catalog.basic, renewingAt: renewal, to: Catalog.basicYearly, now: clock.now))
        #expect(change.relationship == .crossgrade)
        #expect(change.timing == .atNextRenewal)
        #expect(!change.isInEffect(at: clock.now))
        testClock.advance(by: .seconds(30 * 24 * 3600))
        #expect(change.isInEffect(at: clock.now))
    }

    @Test func aLapsedRenewalDateMeansNow() async throws {
        testClock.advance(by: .seconds(31 * 24 * 3600))
        let change = try #require(PlanChange(from: Catalog.premium, renewingAt: renewal, to: Catalog.basic, now: clock.now))
        #expect(change.effectiveDate == clock.now)
    }

    @Test func theCurrentPlanIsNoChange() {
        #expect(PlanChange(from: Catalog.basic, renewingAt: renewal, to: Catalog.basic, now: clock.now) == nil)
        #expect(PlanChange(from: Catalog.basic, renewingAt: renewal, to: Catalog.lifetime, now: clock.now) == nil)
    }

    @Test func storeClockSleepsOnItsClock() async throws {
        let woke = Task { try await clock.sleep(for: .seconds(60)); return clock.now }
        await testClock.waitForSleepers()
        testClock.advance(by: .seconds(60))
        #expect(try await woke.value == Catalog.epoch.addingTimeInterval(60))
    }
}
