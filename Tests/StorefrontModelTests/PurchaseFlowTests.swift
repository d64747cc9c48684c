import Foundation
import StorefrontModel
import Testing

/// Every purchase outcome, what the completion receives, and what the default does.
@Suite(.timeLimit(.minutes(1))) struct PurchaseOutcomeTests {
    let harness = Harness()
    var store: FakeStore { harness.store }
    var storefront: Storefront { harness.storefront }

    @Test func verifiedPurchaseIsDeliveredFinishedAndOwned() async throws {
        let updates = storefront.transactionUpdates()
        let result = try await storefront.purchase(Catalog.lifetime)
        guard case .success(.success(.verified(let transaction))) = result else {
            Issue.record("expected a verified purchase, got \(result)")
            return
        }
        var delivered = updates.makeAsyncIterator()
        #expect(await delivered.next() == .verified(transaction))
        #expect(await store.finishedIDs == [transaction.id])
        #expect(storefront.snapshot.purchasedProductIDs == ["pro.lifetime"])
        #expect(storefront.snapshot.alert == nil)
        #expect(storefront.snapshot.pendingProductID == nil)
    }

    @Test func unverifiedPurchaseIsDeliveredButNotFinishedNorOwned() async throws {
        await store.set(outcome: .approveUnverified)
        var updates = storefront.transactionUpdates().makeAsyncIterator()
        let result = try await storefront.purchase(Catalog.lifetime)
        guard case .success(.success(.unverified(let transaction, .invalidSignature))) = result else {
            Issue.record("expected an unverified purchase, got \(result)")
            return
        }
        #expect(await updates.next() == .unverified(transaction, .invalidSignature))
        #expect(await store.finishedIDs.isEmpty)
        #expect(storefront.snapshot.purchasedProductIDs.isEmpty)
        let alert = try #require(storefront.snapshot.alert)
        #expect(alert.productID == "pro.lifetime")
        #expect(alert.error as? VerificationResult<Transaction>.VerificationError == .invalidSignature)
    }

    @Test(arguments: [FakeStore.Outcome.cancel, .throwCancel])
    func bothFormsOfCancelAreACancelWithoutAlert(outcome: FakeStore.Outcome) async throws {
        await store.set(outcome: outcome)
        let received = Recorder()
        let actions = PurchaseActions().onInAppPurchaseCompletion { _, result in
            await received.add(String(describing: result))
        }
        let result = try await storefront.purchase(Catalog.tip, actions: actions)
        guard case .success(.userCancelled) = result else {
            Issue.record("expected a cancel, got \(result)")
            return
        }
        #expect(await received.entries == ["success(StorefrontModel.Product.PurchaseResult.userCancelled)"])
        let defaulted = try await storefront.purchase(Catalog.tip)
        guard case .success(.userCancelled) = defaulted else {
            Issue.record("expected a cancel, got \(defaulted)")
            return
        }
        #expect(storefront.snapshot.alert == nil)
    }

    @Test func declinedConfirmationIsACancelAndNeverReachesTheStore() async throws {
        let result = try await storefront.purchase(Catalog.tip, confirmation: { _, _ in false })
        guard case .success(.userCancelled) = result else {
            Issue.record("expected a cancel, got \(result)")
            return
        }
        #expect(await store.purchases.isEmpty)
    }

    @Test func anApprovalThatLandsWhileTheSheetIsOpenIsNotBoughtAgain() async throws {
        await storefront.start()
        await store.set(outcome: .askToBuy)
        _ = try await storefront.purchase(Catalog.lifetime)
        await store.set(outcome: .approve)
        let storefront = self.storefront, store = self.store
        let result = try await storefront.purchase(Catalog.lifetime, confirmation: { _, _ in
            var events = storefront.events().makeAsyncIterator()
            await store.approveAskToBuy()
            return await until({ $0.purchasedProductIDs.contains("pro.lifetime") }, in: storefront, from: &events)
        })
        guard case .success(.success(.verified(let transaction))) = result else {
            Issue.record("expected the approved purchase, got \(result)")
            return
        }
        #expect(await store.purchases.count == 1, "only the request that waited for approval reached the store")
        #expect(storefront.snapshot.entitlements.value?.transactions["pro.lifetime"] == transaction)
        #expect(storefront.snapshot.alert == nil)
    }

    @Test func pendingPurchaseWaitsForApprovalThenArrivesAsAnUpdate() async throws {
        await storefront.start()
        await store.set(outcome: .askToBuy)
        var events = storefront.events().makeAsyncIterator()
        var updates = storefront.transactionUpdates().makeAsyncIterator()
        let result = try await storefront.purchase(Catalog.lifetime)
        guard case .success(.pending) = result else {
            Issue.record("expected pending, got \(result)")
            return
        }
        #expect(storefront.snapshot.awaitingApproval == ["pro.lifetime"])
        #expect(storefront.snapshot.askToBuyApprovals.isEmpty)
        #expect(storefront.snapshot.alert == nil)
        #expect(storefront.snapshot.purchasedProductIDs.isEmpty)

        await store.approveAskToBuy()
        let approved = await updates.next()
        #expect(approved?.verifiedValue?.productID == "pro.lifetime")
        #expect(await next(.entitlementsChanged, from: &events))
        #expect(storefront.snapshot.purchasedProductIDs == ["pro.lifetime"])
        #expect(storefront.snapshot.awaitingApproval.isEmpty)
        #expect(storefront.snapshot.askToBuyApprovals == ["pro.lifetime": 1])
        await updatesHandled(store)
        #expect(await store.finishedIDs == [approved?.verifiedValue?.id].compactMap { $0 })
    }

    @Test func failureBecomesAnAlertUntilDismissed() async throws {
        await store.set(outcome: .fail(Product.PurchaseError.purchaseNotAllowed))
        var events = storefront.events().makeAsyncIterator()
        let result = try await storefront.purchase(Catalog.lifetime)
        guard case .failure(Product.PurchaseError.purchaseNotAllowed) = result else {
            Issue.record("expected the store's error, got \(result)")
            return
        }
        let alert = try #require(storefront.snapshot.alert)
        #expect(alert.productID == "pro.lifetime")
        #expect(alert.error.localizedDescription == "Purchases are not allowed on this account.")
        #expect(await next(.alertChanged, from: &events))
        await storefront.dismissAlert()
        #expect(storefront.snapshot.alert == nil)
        #expect(await next(.alertChanged, from: &events))
    }

    @Test func customCompletionReplacesTheDefaultEntirely() async throws {
        await store.set(outcome: .fail(StoreKitError.networkError(URLError(.timedOut))))
        let received = Recorder()
        let actions = PurchaseActions().onInAppPurchaseCompletion { product, result in
            if case .failure = result { await received.add("failure \(product.id)") }
            if case .success(.success(let transaction)) = result { await received.add("bought \(transaction.unsafePayloadValue.productID)") }
        }
        var updates = storefront.transactionUpdates().makeAsyncIterator()
        try await storefront.purchase(Catalog.lifetime, actions: actions)
        #expect(storefront.snapshot.alert == nil, "a completion action handles its own errors")

        await store.set(outcome: .approve)
        let bought = try await storefront.purchase(Catalog.lifetime, actions: actions)
        #expect(await received.entries == ["failure pro.lifetime", "bought pro.lifetime"])
        #expect(await store.finishedIDs.isEmpty, "the app finishes transactions it completes")
        #expect(storefront.snapshot.purchasedProductIDs == ["pro.lifetime"], "unfinished transactions still entitle")

        guard case .success(.success(.verified(let transaction))) = bought else {
            Issue.record("expected a purchase")
            return
        }
        try await storefront.finish(transaction)
        #expect(await store.finishedIDs == [transaction.id])
        // Nothing reached the updates stream: the next thing on it is a later default purchase.
        let tip = try await storefront.purchase(Catalog.tip)
        guard case .success(.success(let tipTransaction)) = tip else {
            Issue.record("expected a tip")
            return
        }
        #expect(await updates.next() == tipTransaction)
    }
}

/// The order of start actions, options, confirmation, purchase and completion, and how
/// action chains compose.
@Suite(.timeLimit(.minutes(1))) struct PurchaseActionTests {
    let harness = Harness()
    var store: FakeStore { harness.store }
    var storefront: Storefront { harness.storefront }

    func recordingActions(_ log: Recorder) -> PurchaseActions {
        PurchaseActions()
            .onInAppPurchaseStart { _ in await log.add("start outer") }
            .inAppPurchaseOptions { _ in await log.add("options outer"); return [.appAccountToken(UUID(uuid: (0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1)))] }
            .onInAppPurchaseStart { _ in await log.add("start middle") }
            .onInAppPurchaseCompletion { _, _ in await log.add("completion outer") }
            .onInAppPurchaseStart { _ in await log.add("start inner") }
            .inAppPurchaseOptions { _ in await log.add("options inner"); return [.quantity(2)] }
            .onInAppPurchaseCompletion { _, _ in await log.add("completion inner") }
    }

    @Test func startActionsRunInnermostFirstThenOptionsConfirmationPurchaseCompletion() async throws {
        let log = Recorder()
        await store.set(duringPurchase: { _ in await log.add("store purchase") })
        let result = try await storefront.purchase(
            Catalog.tip, options: [.simulatesAskToBuyInSandbox(false)], actions: recordingActions(log),
            confirmation: { _, options in await log.add("confirm \(options.count) options"); return true }
        )
        #expect(await log.entries == [
            "start inner", "start middle", "start outer",
            "options inner", "options outer", "confirm 3 options",
            "store purchase", "completion inner",
        ])
        guard case .success(.success(.verified(let transaction))) = result else {
            Issue.record("expected a purchase")
            return
        }
        #expect(transaction.purchasedQuantity == 2)
        #expect(await store.purchases.first?.options.count == 3, "the caller's options join the actions' options")
    }

    @Test func startActionsAreAwaitedBeforeTheProductIsMarkedPending() async throws {
        let storefront = self.storefront
        let seen = Recorder()
        let actions = PurchaseActions().onInAppPurchaseStart { _ in
            try? await Task.sleep(for: .milliseconds(20))
            await seen.add("start sees pending: \(storefront.snapshot.pendingProductID ?? "none")")
        }
        await store.set(duringPurchase: { _ in
            await seen.add("store sees pending: \(storefront.snapshot.pendingProductID ?? "none")")
        })
        try await storefront.purchase(Catalog.tip, actions: actions)
        #expect(await seen.entries == ["start sees pending: none", "store sees pending: tip.small"])
        #expect(storefront.snapshot.pendingProductID == nil)
    }

    @Test func nilStartRemovesOuterStartActionsOnly() async throws {
        let log = Recorder()
        let actions = PurchaseActions()
            .onInAppPurchaseStart { _ in await log.add("outer") }
            .onInAppPurchaseStart(nil)
            .onInAppPurchaseStart { _ in await log.add("inner") }
        try await storefront.purchase(Catalog.tip, actions: actions)
        #expect(await log.entries == ["inner"])
    }

    @Test func nilOptionsRemovesOuterOptions() async throws {
        let actions = PurchaseActions()
            .inAppPurchaseOptions { _ in [.quantity(5)] }
            .inAppPurchaseOptions(nil)
        try await storefront.purchase(Catalog.tip, options: [.quantity(2)], actions: actions)
        #expect(await store.purchases.first?.options == [.quantity(2)])
    }

    @Test func nilCompletionRevertsToTheDefaultNotToTheOuterAction() async throws {
        let log = Recorder()
        let actions = PurchaseActions()
            .onInAppPurchaseCompletion { _, _ in await log.add("outer completion") }
            .onInAppPurchaseCompletion(nil)
        await store.set(outcome: .fail(Product.PurchaseError.productUnavailable))
        try await storefront.purchase(Catalog.tip, actions: actions)
        #expect(await log.entries.isEmpty)
        #expect(storefront.snapshot.alert?.error as? Product.PurchaseError == .productUnavailable)
    }

    @Test func exactlyOneCompletionPerPurchase() async throws {
        let log = Recorder()
        let outcomes: [FakeStore.Outcome] = [.approve, .approveUnverified, .cancel, .throwCancel, .askToBuy, .fail(TestError(name: "x"))]
        for outcome in outcomes {
            await store.set(outcome: outcome)
            try await storefront.purchase(Catalog.tip, actions: recordingActions(log))
        }
        let completions = await log.entries.filter { $0.hasPrefix("completion") }
        #expect(completions == Array(repeating: "completion inner", count: outcomes.count))
    }
}

/// One purchase at a time.
@Suite(.timeLimit(.minutes(1))) struct DoublePurchaseTests {
    let harness = Harness()
    var store: FakeStore { harness.store }
    var storefront: Storefront { harness.storefront }

    @Test func secondPurchaseIsRefusedAndChangesNothing() async throws {
        let release = AsyncStream.makeStream(of: Void.self)
        await store.set(duringPurchase: { _ in for await _ in release.stream { return } })
        let log = Recorder()
        var events = storefront.events().makeAsyncIterator()
        let first = Task { try await storefront.purchase(Catalog.lifetime) }
        #expect(await events.next() == .purchaseStateChanged)
        #expect(storefront.snapshot.pendingProductID == "pro.lifetime")

        let second = PurchaseActions()
            .onInAppPurchaseStart { _ in await log.add("start") }
            .onInAppPurchaseCompletion { _, _ in await log.add("completion") }
        await #expect(throws: StorefrontError.purchaseInProgress) {
            try await storefront.purchase(Catalog.tip, actions: second)
        }
        #expect(await log.entries.isEmpty)
        #expect(storefront.snapshot.pendingProductID == "pro.lifetime")
        #expect(await store.purchases.map(\.id) == ["pro.lifetime"])

        release.continuation.yield()
        _ = try await first.value
        #expect(await events.next() == .entitlementsChanged, "no event came from the refused purchase")
        #expect(storefront.snapshot.pendingProductID == nil)
        await store.set(duringPurchase: { _ in })
        try await storefront.purchase(Catalog.tip)
        #expect(await store.purchases.map(\.id) == ["pro.lifetime", "tip.small"], "the next purchase goes through")
    }

    @Test func purchaseIsRefusedWhileStartActionsRun() async throws {
        let release = AsyncStream.makeStream(of: Void.self)
        let started = AsyncStream.makeStream(of: Void.self)
        let slowStart = PurchaseActions().onInAppPurchaseStart { _ in
            started.continuation.yield()
            for await _ in release.stream { return }
        }
        let first = Task { try await storefront.purchase(Catalog.lifetime, actions: slowStart) }
        var starts = started.stream.makeAsyncIterator()
        await starts.next()
        await #expect(throws: StorefrontError.purchaseInProgress) { try await storefront.purchase(Catalog.tip) }
        release.continuation.yield()
        _ = try await first.value
        #expect(await store.purchases.map(\.id) == ["pro.lifetime"])
    }
}
