import Foundation
import StorefrontTestSupport
import Testing

/// Purchases that die halfway, and processes that buy at the same time.
@Suite("storefront buy killed or run side by side (real processes)", .serialized)
struct StoreProcessCrashTests {
    static let seeds = "com.example.backyardbirds.food.sunflower"

    let folder: TemporaryDirectory
    var ledgerArguments: [String] { ["--ledger", folder.database.path] }

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// Transactions as `storefront transactions --json` lists them.
    private func transactions() async throws -> [[String: Any]] {
        let listed = try await StorefrontCommand.run(["transactions", "--json"] + ledgerArguments)
        #expect(listed.status == 0)
        #expect(listed.stderr.isEmpty)
        return try listed.array()
    }

    @Test("A purchase killed with SIGKILL is either absent or recorded once and delivered at the next start")
    func killedMidPurchase() async throws {
        var killed = 0
        var printedIDs: [Int] = []
        // Kill at different moments of a purchase that waits 300 ms before recording:
        // during start-up and latency, around the write, and once it has printed its result.
        for delay in [50, 200, 350, 450, 550, 700, -1, -1] {
            let buyer = try StorefrontCommand.start(["buy", Self.seeds, "--latency", "300ms", "--json"] + ledgerArguments)
            if delay >= 0 {
                // A blocking sleep: under a full `make test` the tasks' shared threads are all
                // busy, and a Task.sleep of 50 ms came back after the purchase had finished.
                usleep(UInt32(delay) * 1_000)
            } else {
                for _ in 0..<400 where buyer.stdoutSoFar.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            }
            buyer.kill()
            let output = await buyer.wait()
            if output.wasKilled { killed += 1 }
            #expect(!output.stderr.contains("locked"))
            if let json = try? output.object(), let transaction = json["transaction"] as? [String: Any],
               let id = transaction["id"] as? Int {
                printedIDs.append(id)
            }
        }
        #expect(killed > 0, "no process was killed: the test proves nothing")

        let rows = try await transactions()
        let ids = rows.compactMap { $0["id"] as? Int }
        #expect(Set(ids).count == ids.count, "a transaction is listed twice")
        #expect(ids.count <= 8)
        #expect(Set(printedIDs).isSubset(of: Set(ids)), "a printed purchase was lost")
        #expect(rows.allSatisfy { $0["verified"] as? Bool == true }, "a half-written row")
        let unfinished = rows.filter { $0["finished"] as? Bool == false }.compactMap { $0["id"] as? Int }

        let restored = try await StorefrontCommand.run(["restore", "--json"] + ledgerArguments)
        #expect(restored.status == 0)
        let delivered = try #require(try restored.object()["delivered"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
        #expect(delivered == unfinished)
        let again = try await StorefrontCommand.run(["restore", "--json"] + ledgerArguments)
        #expect((try again.object()["delivered"] as? [Any])?.isEmpty == true)
        #expect(try await transactions().allSatisfy { $0["finished"] as? Bool == true })
    }

    @Test("Two processes buying on one ledger at once: nothing lost, nothing doubled, never locked")
    func concurrentBuyers() async throws {
        var printedIDs: [Int] = []
        for _ in 0..<4 {
            let buyers = try (0..<2).map { _ in try StorefrontCommand.start(["buy", Self.seeds, "--json"] + ledgerArguments) }
            for buyer in buyers {
                let output = await buyer.wait()
                #expect(output.status == 0)
                #expect(output.stderr.isEmpty, "\(output.stderr)")
                let transaction = try #require(try output.object()["transaction"] as? [String: Any])
                printedIDs.append(try #require(transaction["id"] as? Int))
            }
        }
        let ids = try await transactions().compactMap { $0["id"] as? Int }
        #expect(ids.count == 8)
        #expect(Set(ids) == Set(printedIDs))
        #expect(Set(printedIDs).count == 8)
    }
}
