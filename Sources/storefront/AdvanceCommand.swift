import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// `storefront advance 1mo`: moves store time forward for every process on the ledger;
/// subscriptions renew or expire as they would have in that time.
struct AdvanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advance",
        abstract: "Move store time forward.",
        discussion: """
            Units: s, m, h, d, w, mo (calendar months), y (calendar years). Prints the new store time \
            and the renewals recorded.
            """
    )

    @Argument(help: ArgumentHelp("How far: a whole number and a unit, such as 90s, 2h, 3d, 1w, 1mo or 1y.", valueName: "amount"))
    var amount: Parsed<StoreTimeStep>

    @Flag(help: "Print JSON: {\"now\":…,\"renewals\":[transactions]}.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        _ = try amount.get()
    }

    func run() async throws {
        let step = try amount.get()
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot advance store time") {
            let before = try await store.entries().map(\.id)
            let now = try await store.advanceStoreTime(by: step)
            let known = Set(before)
            let renewals = try await store.ledger.transactions().filter { !known.contains($0.id) }
            var results: [(LedgerEntry, VerificationResult<Transaction>)] = []
            for entry in renewals { results.append((entry, await store.verificationResult(of: entry))) }
            if json {
                StoreCommandSupport.print(PropertyValue([
                    "now": StoreJSON.date(now),
                    "renewals": .array(results.map { StoreJSON.transaction($1, entry: $0, finished: $0.isFinished) }),
                ]).compactJSON)
            } else {
                let lines = ["Store time is now \(now.formatted(Date.ISO8601FormatStyle()))"]
                    + results.map { "Renewed " + TransactionsCommand.line($0, $1) }
                StoreCommandSupport.print(lines.joined(separator: "\n"))
            }
        }
    }
}
