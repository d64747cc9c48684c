import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// One effect, one reply: every effect the runtime runs answers with a message that carries
/// its result, and the app keeps the messages it handled so a failing test can show them.
@Suite("Effects and their replies")
struct MessageLogTests {
    static func replies(_ log: [AppMessage]) -> [String] {
        log.compactMap { message in
            switch message {
            case .storeOpened: "storeOpened"
            case .productsLoaded(let slot, _): "productsLoaded \(slot)"
            case .entitlementsRefreshed: "entitlementsRefreshed"
            case .purchaseFinished(let product, _, _, _): "purchaseFinished \(product.displayName)"
            case .restoreFinished: "restoreFinished"
            case .historyLoaded: "historyLoaded"
            default: nil
            }
        }
    }

    @Test("Opening the store, a shop, a purchase and a restore each answer once, in order, with their results")
    func oneReplyEach() async throws {
        let harness = try await AppHarness.make()
        await harness.app.press(.down, .enter)  // Bird Food
        await harness.app.press(.enter, .char("y"))      // buy Sunflower Hearts
        await harness.app.press(.enter, .esc, .char("r")) // close the thank-you, back, restore
        let log = await harness.app.messageLog
        #expect(
            Self.replies(log) == [
                "storeOpened", "productsLoaded shop:food", "purchaseFinished Sunflower Hearts", "restoreFinished",
            ],
            "the messages: \(log)"
        )
        let purchase = try #require(log.first { if case .purchaseFinished = $0 { true } else { false } })
        guard case .purchaseFinished(_, "food", .success(.success(let verified)), let after) = purchase else {
            Issue.record("not a verified purchase in Bird Food: \(purchase)")
            return
        }
        // The reply carries the store as it stood after the purchase: the hearts are counted.
        #expect(after.owned?.consumableCounts[verified.unsafePayloadValue.productID] == 1)
        guard case .restoreFinished(.success(let owned))? = log.last(where: { if case .restoreFinished = $0 { true } else { false } }) else {
            Issue.record("no successful restore: \(log)")
            return
        }
        #expect(owned == after.owned)
    }

    @Test("A refused restore answers with the store's error, compared whole")
    func failureReply() async throws {
        var controls = StoreControls()
        controls.failures[.appStoreSync] = try SimulatedError(name: "networkError", for: .appStoreSync)
        let harness = try await AppHarness.make(controls: controls)
        await harness.app.press(.char("r"))
        let log = await harness.app.messageLog
        let restores = log.filter { if case .restoreFinished = $0 { true } else { false } }
        #expect(restores.count == 1, "the messages: \(log)")
        if case .restoreFinished(.failure(let failure))? = restores.first {
            #expect(restores.first == .restoreFinished(.failure(StoreFailure(failure.error))))
            #expect(failure.error is StoreKitError)
        } else {
            Issue.record("the restore did not fail: \(restores)")
        }
        #expect(await harness.shows("Restore failed"))
    }

    @Test("The app's store data is the storefront's snapshot once settled")
    func stateMatchesStore() async throws {
        let harness = try await AppHarness.make()
        await harness.app.press(.down, .enter, .enter, .char("y"))
        let state = await harness.app.state
        #expect(state.store == StoreData(harness.app.storefront.snapshot))
    }
}
