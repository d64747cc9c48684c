import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import Testing

/// Family Sharing on both engines, each customer through a store of its own as separate
/// processes would be: a member holds a FAMILY_SHARED transaction of its own for each
/// family-shareable purchase of another, renewed with it, and revoked (`REVOKE`) when either
/// leaves or the purchase is refunded.
@Suite("Family Sharing")
struct FamilySharingTests {
    static let alice = try! CustomerAccount("alice")
    static let bob = try! CustomerAccount("bob")
    static let carol = try! CustomerAccount("SHA256:c4rolKey/+=")
    private static let day: Duration = .seconds(86_400)

    /// The fixtures, with the extras subscription shared too (`lifetime` already is).
    static let catalog: Catalog = {
        let products = Fixtures.catalog.products.map { product in
            var product = product
            if product.id == "extras.monthly" { product.isFamilyShareable = true }
            return product
        }
        return Catalog(
            identifier: "family", settings: Fixtures.catalog.settings, products: products,
            subscriptionGroups: Fixtures.catalog.subscriptionGroups
        )
    }()

    private func stores(_ engine: Engine, _ accounts: CustomerAccount...) async throws -> [StoreHarness] {
        let ledger = try await TestLedger(engine)
        var harnesses: [StoreHarness] = []
        for account in accounts { harnesses.append(try await StoreHarness(on: ledger, catalog: Self.catalog, account: account)) }
        return harnesses
    }

    /// Stores for alice and bob on one ledger, bob in the family alice organizes.
    private func aliceAndBobInAFamily(_ engine: Engine) async throws -> (StoreHarness, StoreHarness) {
        let harnesses = try await stores(engine, Self.alice, Self.bob)
        try await harnesses[1].store.joinFamily(organizedBy: Self.alice)
        return (harnesses[0], harnesses[1])
    }

    private func notifications(_ harness: StoreHarness) async throws -> [String] {
        try await harness.ledger.notificationHistory(from: 0, to: .max)
            .filter { $0.account == harness.store.account }
            .map { [$0.notificationType, $0.subtype].compactMap { $0 }.joined(separator: " ") }
    }

    @Test("A member gets its own FAMILY_SHARED transaction of a shareable purchase, none of a consumable or an unshared one", arguments: Engine.allCases)
    func joining(engine: Engine) async throws {
        let harnesses = try await stores(engine, Self.alice, Self.bob)
        let (alice, bob) = (harnesses[0], harnesses[1])
        let lifetime = try await alice.buy("lifetime")
        try await alice.buy("coins")
        try await alice.buy("pass.bronze.monthly")
        #expect(try await bob.store.allTransactions().isEmpty)

        try await bob.store.joinFamily(organizedBy: Self.alice)
        let shared = try await bob.store.allTransactions()
        #expect(shared.map(\.unsafePayloadValue.productID) == ["lifetime"])
        let share = try #require(shared.first?.verifiedValue, "bob's share verifies")
        #expect(share.ownershipType == .familyShared)
        #expect(share.id != lifetime.id && share.originalID == share.id)
        #expect(share.originalPurchaseDate == lifetime.purchaseDate)
        #expect(try await bob.store.currentEntitlements().purchasedProductIDs == ["lifetime"])
        #expect(try await alice.store.allTransactions().allSatisfy { $0.unsafePayloadValue.ownershipType == .purchased })
        #expect(try await bob.store.family() == [Self.alice, Self.bob])
        #expect(try await notifications(bob) == ["ONE_TIME_CHARGE"])

        // What bob buys later is alice's too, in the same write.
        try await bob.buy("extras.monthly")
        let alices = try await alice.store.allTransactions().map(\.unsafePayloadValue)
        #expect(alices.filter { $0.ownershipType == .familyShared }.map(\.productID) == ["extras.monthly"])
    }

    @Test("A shared subscription renews as the purchaser's does, even when only the member's store looks", arguments: Engine.allCases)
    func renewals(engine: Engine) async throws {
        let (alice, bob) = try await aliceAndBobInAFamily(engine)
        let bought = try await alice.buy("extras.monthly")
        let first = try await bob.status("extras")
        #expect(first.state == .subscribed)
        #expect(first.transaction.unsafePayloadValue.ownershipType == .familyShared)
        #expect(first.transaction.unsafePayloadValue.expirationDate == bought.expirationDate)

        for harness in [alice, bob] { harness.clock.advance(by: Self.day * 10) }
        let renewed = try await bob.status("extras")  // bob's store renews alice's chain, and so his share
        #expect(renewed.state == .subscribed)
        let shares = try await bob.store.allTransactions().map(\.unsafePayloadValue)
        #expect(shares.count == 2)
        #expect(Set(shares.map(\.originalID)) == [shares[0].id], "one chain of bob's own")
        let alices = try await alice.store.allTransactions().map(\.unsafePayloadValue)
        #expect(alices.count == 2 && alices[1].originalID == bought.id)
        #expect(shares[1].expirationDate == alices[1].expirationDate)
        #expect(try await notifications(bob) == ["SUBSCRIBED INITIAL_BUY", "DID_RENEW"])
    }

    @Test("The purchaser turning auto-renew off is the member's too: its renewal info, and EXPIRED VOLUNTARY at the end", arguments: Engine.allCases)
    func autoRenewOff(engine: Engine) async throws {
        let (alice, bob) = try await aliceAndBobInAFamily(engine)
        let bought = try await alice.buy("extras.monthly")
        try await alice.store.setAutoRenew(false, forTransaction: Int64(bought.id))
        let status = try await bob.status("extras")
        #expect(status.renewalInfo.unsafePayloadValue.willAutoRenew == false)

        for harness in [alice, bob] { harness.clock.advance(by: Self.day * 10) }
        _ = try await bob.store.recordDueNotifications()
        #expect(try await bob.status("extras").state == .expired)
        #expect(try await bob.store.allTransactions().count == 1, "nothing renewed")
        #expect(try await notifications(bob) == [
            "SUBSCRIBED INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED", "EXPIRED VOLUNTARY",
        ])
    }

    @Test("Leaving revokes what the family shared, with REVOKE; joining again shares it anew", arguments: Engine.allCases)
    func leaving(engine: Engine) async throws {
        let harnesses = try await stores(engine, Self.alice, Self.bob)
        let (alice, bob) = (harnesses[0], harnesses[1])
        try await bob.store.joinFamily(organizedBy: Self.alice)
        try await alice.buy("lifetime")
        let share = try #require(try await bob.store.allTransactions().first?.unsafePayloadValue)

        var updates = await bob.store.updates().makeAsyncIterator()
        try await bob.store.leaveFamily()
        let revoked = try #require(await updates.nextTransaction()?.verifiedValue, "the revoked share reaches updates()")
        #expect(revoked.id == share.id && revoked.revocationDate != nil && revoked.revocationReason == .other)
        #expect(try await bob.store.currentEntitlements().purchasedProductIDs.isEmpty)
        #expect(try await alice.store.currentEntitlements().purchasedProductIDs == ["lifetime"])
        #expect(try await notifications(bob) == ["ONE_TIME_CHARGE", "REVOKE"])
        #expect(try await bob.store.family().isEmpty)

        try await bob.store.joinFamily(organizedBy: Self.alice)
        #expect(try await bob.store.currentEntitlements().purchasedProductIDs == ["lifetime"])
        #expect(try await notifications(bob) == ["ONE_TIME_CHARGE", "REVOKE", "ONE_TIME_CHARGE"])
    }

    @Test("A refund of the purchase revokes every member's share with the purchaser's reason; its reversal gives them back", arguments: Engine.allCases)
    func refund(engine: Engine) async throws {
        let harnesses = try await stores(engine, Self.alice, Self.bob, Self.carol)
        let (alice, bob, carol) = (harnesses[0], harnesses[1], harnesses[2])
        try await bob.store.joinFamily(organizedBy: Self.alice)
        try await carol.store.joinFamily(organizedBy: Self.alice)
        let lifetime = try await bob.buy("lifetime")
        #expect(try await alice.store.currentEntitlements().purchasedProductIDs == ["lifetime"])
        #expect(try await carol.store.currentEntitlements().purchasedProductIDs == ["lifetime"])

        try await bob.store.refund(transactionID: Int64(lifetime.id), reason: .developerIssue)
        for member in [alice, carol] {
            let share = try #require(try await member.store.allTransactions().first?.verifiedValue)
            #expect(share.revocationReason == .developerIssue)
            #expect(try await member.store.currentEntitlements().purchasedProductIDs.isEmpty)
            #expect(try await notifications(member) == ["ONE_TIME_CHARGE", "REVOKE"])
        }
        #expect(try await notifications(bob) == ["ONE_TIME_CHARGE", "REFUND"])

        // The refund reversed: every member's share gives access again, and their servers hear it.
        try await bob.store.reverseRefund(transactionID: Int64(lifetime.id))
        for member in [alice, carol] {
            #expect(try await member.store.currentEntitlements().purchasedProductIDs == ["lifetime"])
            #expect(try await notifications(member) == ["ONE_TIME_CHARGE", "REVOKE", "REFUND_REVERSED"])
        }
    }

    @Test("The purchaser leaving takes its purchases from the family; the organizer leaving ends the family", arguments: Engine.allCases)
    func purchaserLeaves(engine: Engine) async throws {
        let harnesses = try await stores(engine, Self.alice, Self.bob, Self.carol)
        let (alice, bob, carol) = (harnesses[0], harnesses[1], harnesses[2])
        try await bob.store.joinFamily(organizedBy: Self.alice)
        try await carol.store.joinFamily(organizedBy: Self.alice)
        try await bob.buy("lifetime")
        try await carol.buy("extras.monthly")

        try await bob.store.leaveFamily()
        #expect(try await alice.store.currentEntitlements().purchasedProductIDs == ["extras.monthly"])
        #expect(try await carol.store.currentEntitlements().purchasedProductIDs == ["extras.monthly"])
        #expect(try await bob.store.currentEntitlements().purchasedProductIDs == ["lifetime"], "his own purchase stays")

        try await alice.store.leaveFamily()
        #expect(try await carol.store.family().isEmpty)
        #expect(try await alice.store.currentEntitlements().purchasedProductIDs.isEmpty)
        #expect(try await alice.ledger.familyMemberships().isEmpty)
    }

    @Test("Joining is refused while in another family, through a member, or past six accounts", arguments: Engine.allCases)
    func refusals(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        let names = ["alice", "m1", "m2", "m3", "m4", "m5", "m6", "dora"]
        var stores: [String: LocalStore] = [:]
        for name in names {
            stores[name] = try await StoreHarness(on: ledger, catalog: Self.catalog, account: try CustomerAccount(name)).store
        }
        for member in names[1...5] { try await stores[member]!.joinFamily(organizedBy: Self.alice) }
        try await stores["m1"]!.joinFamily(organizedBy: Self.alice)  // again: nothing changes
        await #expect(throws: FamilyError.familyFull(organizer: Self.alice)) {
            try await stores["m6"]!.joinFamily(organizedBy: Self.alice)
        }
        let dora = try CustomerAccount("dora"), m1 = try CustomerAccount("m1")
        await #expect(throws: FamilyError.inAnotherFamily(account: m1, organizer: Self.alice)) {
            try await stores["m1"]!.joinFamily(organizedBy: dora)
        }
        await #expect(throws: FamilyError.notAnOrganizer(account: m1, organizer: Self.alice)) {
            try await stores["dora"]!.joinFamily(organizedBy: m1)
        }
        await #expect(throws: FamilyError.notInAFamily(account: dora)) { try await stores["dora"]!.leaveFamily() }
        #expect(try await stores["m1"]!.family().count == 6)
    }
}
