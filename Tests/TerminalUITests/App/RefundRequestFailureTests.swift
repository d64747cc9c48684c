import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// The refund sheet when the store's controls make refund requests fail, as SKTestSession's
/// refund-request failures do: StoreKit's `RefundRequestError.failed`, nothing recorded.
@Suite("A refund request the store's controls make fail")
struct RefundRequestFailureTests {
    @Test("--fail refundRequest: the sheet says the request couldn't be sent; nothing recorded; once it works, it is sent")
    func failedThenSent() async throws {
        let (harness, bought) = try await RefundRequestSheetTests.customer()
        var controls = StoreControls()
        controls.failures[.refundRequest] = StoreAPI.refundRequest.defaultError
        await harness.store.setControls(controls)
        await harness.app.press(.char("f"), .enter)
        #expect(await harness.shows("Refund Not Requested"))
        #expect(await harness.shows("The refund request couldn't be sent."))
        #expect(try await harness.store.ledger.refundRequest(id: Int64(bought.id)) == nil)
        #expect(try await RefundRequestSheetTests.consumptionRequests(harness).isEmpty)
        await harness.app.press(.enter)
        #expect(!(await RefundRequestSheetTests.feederRow(harness).contains("refund requested")))

        await harness.store.setControls(StoreControls())
        await harness.app.press(.char("f"), .enter)
        #expect(await harness.shows("Refund Requested"))
        #expect(try await harness.store.ledger.refundRequest(id: Int64(bought.id))?.status == .pending)
    }
}
