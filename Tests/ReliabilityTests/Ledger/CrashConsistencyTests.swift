import Foundation
import LocalStore
import StorefrontTestSupport
import Testing

/// Item 3: SIGKILL at random points during 200 purchases. After each kill the next start
/// (`storefront restore`, what an app does at launch) delivers what was left unfinished; at the
/// end every confirmed purchase is in the ledger exactly once and nothing is doubled.
@Suite(.reliabilityRun) struct CrashConsistencyTests {
    static let purchaseCount = ProcessInfo.processInfo.environment["RELIABILITY_CRASH_PURCHASES"].flatMap(Int.init) ?? 200

    @Test func killedPurchasesAreKeptOnceAndDeliveredAgain() async throws {
        let scratch = try ScratchDirectory("crash")
        let ledger = scratch.path("ledger.sqlite")
        let products = LedgerInspection.tipJarProductIDs
        try #require(!products.isEmpty)
        var random = SeededGenerator(seed: 0xC4A5_4ED)
        var confirmedBy: [Int: Int] = [:]  // transaction ID → purchase number
        var finishedByBuy: Set<Int> = []
        var delivered: [Int] = []
        var killed = 0
        var killedAfterConfirming = 0
        for purchase in 0..<Self.purchaseCount {
            // Latency keeps the purchase open long enough for kills to land inside it; the
            // kill times cover start-up, the wait, the ledger write and the finish.
            let process = try StorefrontCommand.start(
                ["buy", products[purchase % products.count], "--json", "--catalog", "tipjar", "--ledger", ledger,
                 "--latency", "10ms-60ms"],
                home: scratch.url, label: "crash"
            )
            if Bool.random(using: &random) {
                let killAt = ContinuousClock.now + .milliseconds(Int.random(in: 0...220, using: &random))
                if !(await process.waitForExit(until: killAt)) { process.send(SIGKILL) }
            }
            let result = await process.wait()
            let confirmed = LedgerInspection.confirmedTransactionID(result.stdout)
            if let confirmed {
                #expect(confirmedBy[confirmed] == nil, "transaction \(confirmed) confirmed to two purchases")
                confirmedBy[confirmed] = purchase
            }
            if result.signal == SIGKILL {
                killed += 1
                if confirmed != nil { killedAfterConfirming += 1 }
                delivered += try await LedgerInspection.restore(ledger: ledger, home: scratch.url)
            } else {
                #expect(result.status == 0 && confirmed != nil, "purchase \(purchase): \(result.stderr)")
                if let confirmed { finishedByBuy.insert(confirmed) }
            }
        }
        #expect(try await LedgerInspection.restore(ledger: ledger, home: scratch.url).isEmpty, "left unfinished")

        let entries = try await LedgerInspection.entries(ledger: ledger)
        let ids = entries.map { Int($0.id) }
        #expect(entries.allSatisfy { $0.isVerified })
        #expect(entries.allSatisfy { $0.isFinished })
        #expect(Set(entries.map(\.purchaseAttemptID)).count == entries.count, "an attempt recorded twice")
        #expect(entries.count <= Self.purchaseCount)
        for id in confirmedBy.keys.sorted() {
            #expect(ids.filter { $0 == id }.count == 1, "confirmed transaction \(id) is in the ledger \(ids.filter { $0 == id }.count) times")
        }
        // Everything recorded reached the customer: printed by `buy`, or delivered by the next
        // start. A purchase killed between printing and finishing is delivered again, once; one
        // that `buy` finished is never delivered again.
        let confirmed = Set(confirmedBy.keys)
        #expect(delivered.count == Set(delivered).count, "delivered twice: \(delivered)")
        #expect(finishedByBuy.isDisjoint(with: delivered), "finished, then delivered again")
        #expect(Set(ids) == confirmed.union(delivered), "recorded but never delivered: \(Set(ids).subtracting(confirmed.union(delivered)).sorted())")
        print("crash consistency: \(Self.purchaseCount) purchases, \(killed) killed by SIGKILL "
              + "(\(killedAfterConfirming) after confirming), \(confirmed.count) confirmed, \(entries.count) recorded, "
              + "\(delivered.count) delivered at restart (\(confirmed.intersection(delivered).count) of them confirmed before the kill); "
              + "all \(entries.count) verified, finished and recorded once")
    }
}
