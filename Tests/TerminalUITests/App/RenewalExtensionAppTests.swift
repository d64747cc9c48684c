import Foundation
import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// What the app's server does through the ledger reaches the running app: a renewal-date
/// extension (Extend a Subscription Renewal Date) shows as the new date, and a transaction the
/// server finished (Finish Transaction) is not delivered again at launch.
@Suite("The server's changes in a running app")
struct RenewalExtensionAppTests {
    @Test("Extended elsewhere: Your Purchases shows the new renewal date within a second")
    func extendedElsewhere() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.app.press(.enter)              // Backyard Birds Pass
        await shared.app.press(.enter, .char("y"))  // Sanctuary Monthly
        #expect(await shared.app.screenText.contains("Sanctuary Monthly renews on Feb 1, 2026"))
        await shared.app.press(.enter, .esc, .end, .enter)  // OK, back, Your Purchases
        #expect(await shared.app.screenText.contains("renews Feb 1, 2026"))

        let bought = try #require(try await shared.other.allTransactions().first?.verifiedValue)
        let done = try await shared.other.extendRenewalDate(
            originalTransactionID: Int64(bought.originalID), byDays: 30, reason: .serviceIssueOrOutage, requestIdentifier: "outage"
        )
        #expect(done.refusal == nil)
        await shared.look()
        let screen = await shared.app.screenText
        #expect(screen.contains("renews Mar 3, 2026"), "\(screen)")
    }

    @Test("Extended by a mass extension elsewhere: Your Purchases shows the new renewal date")
    func massExtendedElsewhere() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.subscribeAndOpenPurchases()
        #expect(await shared.app.screenText.contains("renews Feb 1, 2026"))

        let request = MassRenewalExtension(
            requestIdentifier: UUID().uuidString.lowercased(), productID: BackyardBirds.sanctuaryMonthly, extendByDays: 30,
            reason: .serviceIssueOrOutage, storefrontCountryCodes: nil, requestedAt: HeadlessApp.defaultEpoch
        )
        let done = try await LocalStore.extendRenewalDatesForAllActiveSubscribers(
            request, catalog: try BackyardBirds.catalog(), ledger: shared.other.ledger, controls: StoreControls(), clock: shared.other.clock
        )
        #expect(done.succeededCount == 1 && done.failedCount == 0)
        await shared.look()
        let screen = await shared.app.screenText
        #expect(screen.contains("renews Mar 3, 2026"), "\(screen)")
    }

    @Test("An app account token the server sets reaches the running app: the renewal info and the plan's transaction carry it")
    func appAccountTokenSetElsewhere() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.subscribeAndOpenPurchases()
        let bought = try #require(try await shared.other.allTransactions().first?.verifiedValue)
        #expect(try await shared.passStatus()?.renewalInfo.unsafePayloadValue.appAccountToken == nil)

        let token = UUID()
        _ = try await shared.other.ledger.setAppAccountToken(token, originalID: Int64(bought.originalID))  // what the endpoint records
        await shared.look()
        let status = try #require(try await shared.passStatus())
        #expect(status.renewalInfo.unsafePayloadValue.appAccountToken == token)
        #expect(status.transaction.unsafePayloadValue.appAccountToken == token)
    }

    @Test("The app's AppTransaction is the one the server serves: the customer's appTransactionID, first launched at the app's start")
    func appTransaction() async throws {
        let shared = try await SharedLedgerHarness.make()
        defer { shared.close() }
        await shared.app.press(.down, .down, .enter, .enter, .char("y"), .enter)  // the copper feeder
        let app = try #require(shared.app.storefront.snapshot.appTransaction?.verifiedValue)
        let bought = try #require(try await shared.other.allTransactions().first?.verifiedValue)
        #expect(app.appTransactionID == bought.appTransactionID)
        #expect(app.originalPurchaseDate == HeadlessApp.defaultEpoch, "recorded at the app's first launch")
        let served = try #require(try await shared.other.appTransaction().verifiedValue)
        #expect(served.appTransactionID == app.appTransactionID && served.originalPurchaseDate == app.originalPurchaseDate)
    }

    @Test("Finished by the server: the next launch delivers nothing again")
    func finishedByTheServer() async throws {
        let catalog = try BackyardBirds.catalog()
        let clock = VirtualClock()
        let store = LocalStore(
            catalog: catalog, ledger: try Ledger(location: .inMemory), clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch)
        )
        let product = try #require(try await store.products(for: [BackyardBirds.sunflower]).first)
        let bought = try await store.purchase(product, options: [])  // left unfinished by a storefront that went away
        guard case .success(.verified(let transaction)) = bought else { throw FinishFixtureError() }
        try await store.ledger.finishTransaction(id: Int64(transaction.id))  // what Finish Transaction records
        #expect(try await store.unfinishedTransactions().isEmpty)
        let app = await HeadlessApp(backend: store, layout: try BackyardBirds.layout(), clock: clock)
        #expect(!(await app.screenText.contains("While you were away")))
    }

    private struct FinishFixtureError: Error {}
}
