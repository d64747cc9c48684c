import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// Refund decisions made in another terminal reach the running app: a granted refund takes
/// the purchase away, its reversal gives it back, a declined request changes nothing.
@Suite("Refund decisions from another terminal")
struct RefundElsewhereTests {
    static func feederRow(_ app: HeadlessApp) async -> String {
        String(await app.screenText.split(separator: "\n").first { $0.contains("Copper Tube Feeder") } ?? "")
    }

    @Test("Granted, the feeder is for sale again; the refund reversed, it is owned again")
    func grantedThenReversed() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.app.press(.down, .down, .enter, .enter, .char("y"), .enter)  // buy the copper feeder
        #expect(await Self.feederRow(shared.app).contains("Owned"))
        let bought = try #require(try await shared.other.allTransactions().first?.verifiedValue)

        try await shared.other.requestRefund(transactionID: Int64(bought.id), reason: .unsatisfiedWithPurchase)
        await shared.look()
        #expect(await Self.feederRow(shared.app).contains("Owned"), "asking changes nothing yet")

        try await shared.other.decideRefund(transactionID: Int64(bought.id), .grant)
        await shared.look()
        let refunded = await Self.feederRow(shared.app), screen = await shared.app.screenText
        #expect(!refunded.contains("Owned") && refunded.contains("$4.99"), "\(screen)")

        try await shared.other.reverseRefund(transactionID: Int64(bought.id))
        await shared.look()
        let restored = await Self.feederRow(shared.app), after = await shared.app.screenText
        #expect(restored.contains("Owned"), "\(after)")
    }

    @Test("Granted prorated, the feeder is for sale again and the app is told the refund's type and share")
    func grantedProrated() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.app.press(.down, .down, .enter, .enter, .char("y"), .enter)
        let bought = try #require(try await shared.other.allTransactions().first?.verifiedValue)
        var updates = shared.app.storefront.transactionUpdates().makeAsyncIterator()
        try await shared.other.decideRefund(transactionID: Int64(bought.id), .grantProrated(percentage: 40_000))
        await shared.look()
        let refunded = await Self.feederRow(shared.app), screen = await shared.app.screenText
        #expect(!refunded.contains("Owned") && refunded.contains("$4.99"), "\(screen)")
        let told = try #require(await updates.next()?.verifiedValue)
        #expect(told.id == bought.id && told.revocationDate != nil)
        #expect(told.revocationType == .proratedRefund && told.revocationPercentage == 40)
    }

    /// The feeder's line in Your Purchases' history (the one with its purchase date).
    static func feederHistoryRow(_ app: HeadlessApp) async -> String {
        String(await app.screenText.split(separator: "\n").first { $0.contains("Copper Tube Feeder") && $0.contains("/2026") } ?? "")
    }

    @Test("With Your Purchases open, a request from another terminal marks the purchase and the decline there unmarks it")
    func markedWhileOpen() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.app.press(.down, .down, .enter, .enter, .char("y"), .enter)  // buy the copper feeder
        await shared.app.press(.esc, .end, .enter)  // Your Purchases
        let bought = try #require(try await shared.other.allTransactions().first?.verifiedValue)
        #expect(await !Self.feederHistoryRow(shared.app).isEmpty)
        #expect(await !Self.feederHistoryRow(shared.app).contains("refund requested"))

        try await shared.other.requestRefund(transactionID: Int64(bought.id), reason: .other)
        await shared.look()
        let asked = await Self.feederHistoryRow(shared.app), screen = await shared.app.screenText
        #expect(asked.contains("refund requested"), "\(screen)")

        try await shared.other.decideRefund(transactionID: Int64(bought.id), .decline)
        await shared.look()
        let declined = await Self.feederHistoryRow(shared.app), after = await shared.app.screenText
        #expect(!declined.contains("refund requested") && !declined.isEmpty, "\(after)")
    }

    @Test("Declined, the feeder stays the customer's")
    func declined() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.app.press(.down, .down, .enter, .enter, .char("y"), .enter)
        let bought = try #require(try await shared.other.allTransactions().first?.verifiedValue)
        try await shared.other.requestRefund(transactionID: Int64(bought.id), reason: .other)
        try await shared.other.decideRefund(transactionID: Int64(bought.id), .decline)
        await shared.look()
        #expect(await Self.feederRow(shared.app).contains("Owned"))
    }
}
