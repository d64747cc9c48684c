import Foundation
import LocalStore
import StorefrontTestSupport
import Testing

/// Item 4: four processes buying on one new ledger at once. Every purchase succeeds, the
/// counts add up, and "database is locked" never reaches the user.
@Suite(.reliabilityRun) struct ConcurrentBuyersTests {
    static let buyers = 4
    static let purchasesPerBuyer = 25

    @Test func fourBuyersOnOneLedger() async throws {
        let scratch = try ScratchDirectory("concurrent")
        let ledger = scratch.path("ledger.sqlite")
        let products = LedgerInspection.tipJarProductIDs
        try #require(!products.isEmpty)
        // Four workers, each always running one `buy`: four processes on the ledger at any
        // moment, from the very first (which race to create the file and its key).
        var running: [ChildProcess?] = []
        var started = Array(repeating: 0, count: Self.buyers)
        var confirmed: [Int] = []
        var boughtPerProduct: [String: Int] = [:]
        var errors: [String] = []
        for buyer in 0..<Self.buyers {
            running.append(try Self.buy(products[buyer % products.count], ledger: ledger, home: scratch.url))
            started[buyer] = 1
        }
        while running.contains(where: { $0 != nil }) {
            for buyer in 0..<Self.buyers {
                guard let process = running[buyer], process.hasEnded else { continue }
                let result = await process.wait()
                if result.status == 0, let id = LedgerInspection.confirmedTransactionID(result.stdout) {
                    confirmed.append(id)
                    boughtPerProduct[process.command[2], default: 0] += 1
                } else {
                    errors.append("exit \(String(describing: result.status)): \(result.stderr)")
                }
                #expect(!result.stderr.localizedCaseInsensitiveContains("locked"), "\(result.stderr)")
                running[buyer] = nil
                if started[buyer] < Self.purchasesPerBuyer {
                    let product = products[(buyer + started[buyer]) % products.count]
                    running[buyer] = try Self.buy(product, ledger: ledger, home: scratch.url)
                    started[buyer] += 1
                }
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        let total = Self.buyers * Self.purchasesPerBuyer
        #expect(errors.isEmpty, "\(errors)")
        #expect(confirmed.count == total)
        #expect(Set(confirmed).count == confirmed.count, "one transaction confirmed to two buyers")

        let listed = try await LedgerInspection.transactions(ledger: ledger, home: scratch.url)
        #expect(listed.count == total)
        #expect(Set(listed.compactMap { $0["id"] as? Int }) == Set(confirmed))
        #expect(listed.allSatisfy { $0["verified"] as? Bool == true && $0["finished"] as? Bool == true })
        let perProduct = Dictionary(grouping: listed, by: { $0["productID"] as? String ?? "" }).mapValues(\.count)
        #expect(perProduct == boughtPerProduct)
        print("concurrency: \(Self.buyers) processes × \(Self.purchasesPerBuyer) purchases on one ledger: "
              + "\(confirmed.count) of \(total) confirmed, \(listed.count) in the ledger, all verified; "
              + "\(errors.count) errors, none mentioning a lock")
    }

    private static func buy(_ productID: String, ledger: String, home: URL) throws -> ChildProcess {
        try StorefrontCommand.start(["buy", productID, "--json", "--catalog", "tipjar", "--ledger", ledger], home: home, label: "concurrent")
    }
}
