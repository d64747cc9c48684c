import LocalStore
import StorefrontModel
import Synchronization
import Testing
import TerminalUI

/// What another terminal does to the ledger reaches the running app: Ask to Buy decisions
/// (a decline frees the row with a short notice, an approval makes it the customer's) and
/// `storefront clear`.
@Suite("Another terminal")
struct OtherTerminalTests {
    static func askToBuy() -> StoreControls {
        var controls = StoreControls()
        controls.askToBuy = true
        return controls
    }

    static func sunflowerRow(_ app: HeadlessApp) async -> String {
        String(await app.screenText.split(separator: "\n").first { $0.contains("Sunflower Hearts") } ?? "")
    }

    @Test("Declined in another terminal: the row is free again within a second, with a Declined notice")
    func declinedElsewhere() async throws {
        let shared = try await SharedLedgerHarness.make(controls: Self.askToBuy())
        defer { shared.close() }
        await shared.app.press(.down, .enter)       // Bird Food
        await shared.app.press(.enter, .char("y"))  // ask to buy sunflower hearts
        await shared.app.press(.enter)              // "Waiting for approval": OK
        #expect(await Self.sunflowerRow(shared.app).contains("Waiting"))

        let request = try #require(try await shared.other.pendingRequests().first)
        _ = try await shared.other.declineAskToBuy(requestID: request.id)
        await shared.look()
        #expect(await shared.app.screenText.contains("The request to buy Sunflower Hearts was declined."))
        await shared.app.press(.enter)
        let row = await Self.sunflowerRow(shared.app)
        #expect(!row.contains("Waiting") && row.contains("$0.99"), "\(row)")
        await shared.app.press(.enter)              // the row can be bought again
        #expect(await shared.app.screenText.contains("Confirm Purchase"))
    }

    @Test("Approved in another terminal: Approved, and the count in the row")
    func approvedElsewhere() async throws {
        let shared = try await SharedLedgerHarness.make(controls: Self.askToBuy())
        defer { shared.close() }
        await shared.app.press(.down, .enter, .enter, .char("y"), .enter)
        let request = try #require(try await shared.other.pendingRequests().first)
        _ = try await shared.other.approveAskToBuy(requestID: request.id)
        await shared.look()
        #expect(await shared.app.screenText.contains("Sunflower Hearts was approved and is yours."))
        await shared.app.press(.enter)
        #expect(await Self.sunflowerRow(shared.app).contains("×1"))
    }

    @Test("storefront clear in another terminal: the running app forgets the purchase")
    func clearedElsewhere() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.app.press(.down, .down, .enter, .enter, .char("y"), .enter)  // buy the copper feeder
        let feederRow = { String(await shared.app.screenText.split(separator: "\n").first { $0.contains("Copper Tube Feeder") } ?? "") }
        #expect(await feederRow().contains("Owned"))
        try await shared.other.clearTransactions()
        await shared.look()
        let row = await feederRow(), screen = await shared.app.screenText
        #expect(row.contains("$4.99"), "\(screen)")
    }

    @Test("The app tells its front end when another terminal's change arrives, not when only time passes")
    func changesElsewhereWakeTheFrontEnd() async throws {
        let shared = try await SharedLedgerHarness.make(controls: Self.askToBuy())
        defer { shared.close() }
        await shared.app.press(.down, .enter, .enter, .char("y"), .enter)
        let changes = Atomic<Int>(0)
        await shared.app.app.whenChanged { changes.add(1, ordering: .relaxed) }
        await shared.app.app.tick()
        await shared.app.app.tick()
        #expect(changes.load(ordering: .relaxed) == 0, "a tick is the front end's own doing")

        let request = try #require(try await shared.other.pendingRequests().first)
        _ = try await shared.other.approveAskToBuy(requestID: request.id)
        await shared.look()
        #expect(await shared.app.screenText.contains("Approved"))
        #expect(changes.load(ordering: .relaxed) > 0, "runStoreApp would draw the approval only at its next turn")
    }
}
