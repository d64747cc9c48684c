import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTesting
import Testing
import TerminalUI

/// The refund sheet of Your Purchases (StoreKit's `refundRequestSheet`) over the local store
/// with the Backyard Birds catalog: a customer who bought the copper feeder picks a reason
/// and submits, and the ledger has the request the app's server is told of.
@Suite("The refund request sheet in Your Purchases")
struct RefundRequestSheetTests {
    /// A customer who bought the copper feeder, on Your Purchases with its row selected.
    static func customer(
        width: Int = 80, height: Int = 24, language: String = "en", options: (AppOptions) -> AppOptions = { $0 }
    ) async throws -> (AppHarness, Transaction) {
        let (harness, bought) = try await AppHarness.customer(
            buying: BackyardBirds.copperFeeder, width: width, height: height, language: language, options: options
        )
        await harness.app.press(.down, .down, .down, .down, .enter, .end)  // Your Purchases, the last row: the feeder
        return (harness, bought)
    }

    /// The history row of the feeder.
    static func feederRow(_ harness: AppHarness) async -> String {
        String(await harness.text.split(separator: "\n").last { $0.contains("Copper Tube Feeder") } ?? "")
    }

    /// The CONSUMPTION_REQUEST notifications the ledger keeps for the app's server, by transaction.
    static func consumptionRequests(_ harness: AppHarness) async throws -> [Int64] {
        try await harness.store.ledger.notificationHistory(from: 0, to: .max)
            .filter { $0.notificationType == "CONSUMPTION_REQUEST" }.map(\.transactionID)
    }

    @Test("The sheet at 80x24 and 40x12, in English and Japanese", arguments: [(80, 24), (40, 12)], ["en", "ja"])
    func snapshots(size: (Int, Int), language: String) async throws {
        let (harness, _) = try await Self.customer(width: size.0, height: size.1, language: language)
        await harness.app.press(.char("f"))
        #expect(await harness.shows(language == "en" ? "Request a Refund" : "返金をリクエスト"))
        await harness.app.press(.down)  // the second reason, so the snapshot shows the choice moved
        assertScreen(await harness.app.render(), named: "sheet-\(size.0)x\(size.1)-\(language)")
    }

    @Test("Submitted with a reason: the ledger has the request with it and CONSUMPTION_REQUEST; the row says so")
    func submitted() async throws {
        let (harness, bought) = try await Self.customer()
        #expect(await harness.shows("f refund"), "the help bar offers it on the feeder's row")
        await harness.app.press(.char("f"))
        #expect(await harness.shows("I didn't mean to buy this"))
        #expect(await harness.shows("[ Submit ]"))
        await harness.app.press(.down, .down)  // It isn't what I expected
        await harness.app.press(.enter)
        #expect(await harness.shows("Refund Requested"))
        let request = try #require(try await harness.store.ledger.refundRequest(id: Int64(bought.id)))
        #expect(request.reason == .unsatisfiedWithPurchase)
        #expect(request.status == .pending)
        #expect(try await Self.consumptionRequests(harness) == [Int64(bought.id)])

        await harness.app.press(.enter)  // close the alert
        #expect(await Self.feederRow(harness).contains("refund requested"))
        #expect(!(await Self.feederRow(harness).contains("refunded")), "asking takes nothing away")
    }

    @Test("Declined by the App Store: the row no longer says a refund is requested, and asking again is a duplicate")
    func declined() async throws {
        let (harness, bought) = try await Self.customer()
        await harness.app.press(.char("f"), .enter, .enter)  // asked, alert closed
        #expect(await Self.feederRow(harness).contains("refund requested"))
        try await harness.store.decideRefund(transactionID: Int64(bought.id), .decline)
        await harness.app.press(.esc, .enter, .end)  // Your Purchases again, the feeder's row
        #expect(await harness.shows("Copper Tube Feeder"))
        let row = await Self.feederRow(harness)
        #expect(!row.contains("refund requested"), "\(row)")
        #expect(!row.contains("refunded"), "\(row)")
        await harness.app.press(.char("f"), .enter)
        #expect(await harness.shows("You've already requested a refund for this purchase."))
    }

    @Test("A second request for the same purchase gets StoreKit's duplicateRequest, and sends nothing more")
    func duplicate() async throws {
        let (harness, bought) = try await Self.customer()
        await harness.app.press(.char("f"), .enter, .enter)  // the first: sent, alert closed
        await harness.app.press(.char("f"), .down, .enter)
        #expect(await harness.shows("Refund Not Requested"))
        #expect(await harness.shows("You've already requested a refund for this purchase."))
        #expect(try await harness.store.ledger.refundRequest(id: Int64(bought.id))?.reason == .unintendedPurchase)
        #expect(try await Self.consumptionRequests(harness) == [Int64(bought.id)])
    }

    @Test("Cancel (Esc, or Tab then Enter) closes the sheet: nothing recorded, nothing sent", arguments: [[Key.esc], [Key.tab, Key.enter]])
    func cancelled(keys: [Key]) async throws {
        let (harness, bought) = try await Self.customer()
        await harness.app.press(.char("f"), .down)
        for key in keys { await harness.app.press(key) }
        #expect(!(await harness.shows("Request a Refund")))
        #expect(!(await harness.shows("Refund Requested")))
        #expect(try await harness.store.ledger.refundRequest(id: Int64(bought.id)) == nil)
        #expect(try await Self.consumptionRequests(harness).isEmpty)
        #expect(!(await Self.feederRow(harness).contains("refund requested")))
    }

    @Test("A refunded purchase offers no refund: f does nothing there")
    func refundedIsNotOffered() async throws {
        let (harness, bought) = try await Self.customer()
        try await harness.store.refund(transactionID: Int64(bought.id))
        await harness.app.settle()
        #expect(await Self.feederRow(harness).contains("refunded"))
        #expect(!(await harness.shows("f refund")))
        await harness.app.press(.char("f"))
        #expect(!(await harness.shows("Request a Refund")))
        #expect(try await harness.store.ledger.refundRequest(id: Int64(bought.id)) == nil)
    }

    @Test("The app's refundRequestSheet(onDismiss:) hears each ending: userCancelled, success, then duplicateRequest")
    func onDismiss() async throws {
        let heard = DismissLog()
        let (harness, bought) = try await Self.customer { $0.refundRequestSheet { id, result in await heard.append(id, result) } }
        await harness.app.press(.char("f"), .esc)           // cancelled
        await harness.app.press(.char("f"), .enter, .enter)  // sent, alert closed
        await harness.app.press(.char("f"), .enter, .enter)  // asked again
        #expect(await heard.endings == [.success(.userCancelled), .success(.success), .failure(.duplicateRequest)])
        #expect(await heard.transactionIDs == [bought.id, bought.id, bought.id])
    }
}

/// What a `refundRequestSheet(onDismiss:)` action heard, in order.
private actor DismissLog {
    var transactionIDs: [Transaction.ID] = []
    var endings: [Result<Transaction.RefundRequestStatus, Transaction.RefundRequestError>] = []

    func append(_ id: Transaction.ID, _ ending: Result<Transaction.RefundRequestStatus, Transaction.RefundRequestError>) {
        transactionIDs.append(id)
        endings.append(ending)
    }
}
