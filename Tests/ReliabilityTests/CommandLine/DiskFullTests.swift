import Foundation
import GRDB
import StorefrontTestSupport
import Testing

/// Item 7, a full disk: buying onto a small tmpfs until it fills. The purchase that does not
/// fit fails with one line and exit 74 (EX_IOERR); every purchase the tool confirmed is in the
/// ledger once, verified, and the file is intact.
@Suite(.reliabilityRun) struct DiskFullTests {
    @Test func buyingUntilTheDiskIsFull() async throws {
        let scratch = try ScratchDirectory("disk-full")
        let copy = scratch.url.appendingPathComponent("copy")
        var confirmed: [Int] = []
        var failure: ChildProcess.Output?
        let outcome = try await TmpfsMount.with("size=192k", named: "disk", in: scratch.url) { disk in
            let ledger = disk.appendingPathComponent("ledger.sqlite").path
            for _ in 0..<1_000 {
                let result = try await StorefrontCommand.run(
                    ["buy", BadInput.tip, "--catalog", "tipjar", "--ledger", ledger, "--json"], home: scratch.url, label: "disk-full"
                )
                if let id = LedgerInspection.confirmedTransactionID(result.stdout) { confirmed.append(id) }
                if result.status != 0 {
                    failure = result
                    break
                }
            }
            // Inspect a copy: the tool may need room to open the ledger it just filled.
            try FileManager.default.copyItem(at: disk, to: copy)
            return ledger
        }
        guard case .success(let ledger) = outcome else {
            print("full disk: skipped: \(outcome)")
            return
        }
        let full = try #require(failure, "192 KB never filled up")
        #expect(full.status == 74)
        let message = full.stderrLines.joined(separator: "\n")
        #expect(full.stderrLines.count == 1 && message.contains(ledger) && message.contains("full"), "\(message)")
        if full.stdout.contains(#""result":"success""#) {
            // The purchase went through and only marking it delivered failed: do not tell the
            // customer it failed, or they buy again.
            #expect(!message.contains("purchase of"), "told the customer a confirmed purchase failed: \(message)")
        }

        let listed = try await LedgerInspection.transactions(ledger: copy.appendingPathComponent("ledger.sqlite").path, home: scratch.url)
        #expect(listed.allSatisfy { $0["verified"] as? Bool == true })
        let ids = listed.compactMap { $0["id"] as? Int }
        #expect(ids == Array(Set(ids)).sorted(), "a transaction is listed twice: \(ids)")
        #expect(Set(confirmed).isSubset(of: ids), "confirmed purchases missing: \(Set(confirmed).subtracting(ids).sorted())")
        #expect(Set(ids).subtracting(confirmed).isEmpty, "recorded but never confirmed: \(Set(ids).subtracting(confirmed).sorted())")
        let database = try DatabaseQueue(path: copy.appendingPathComponent("ledger.sqlite").path)
        let integrity = try await database.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }
        #expect(integrity == "ok")
        print("full disk: \(confirmed.count) purchases confirmed and kept before the disk filled; "
              + "the next one failed with exit \(full.status.map(String.init) ?? "?"): \(message)")
    }
}
