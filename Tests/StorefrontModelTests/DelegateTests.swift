import Foundation
import StorefrontModel
import Synchronization
import Testing

/// The same events for code without async/await: a delegate and notifications.
@Suite(.timeLimit(.minutes(1))) struct DelegateTests {
    final class Listener: StorefrontDelegate, Sendable {
        private let calls = Mutex<[String]>([])

        var log: [String] { calls.withLock { $0 } }

        func storefrontDidUpdatePurchasedProducts(_ storefront: Storefront) {
            let owned = storefront.snapshot.purchasedProductIDs.sorted().joined(separator: ",")
            calls.withLock { $0.append("updated [\(owned)]") }
        }

        func storefront(_ storefront: Storefront, didReportPurchaseFailure productID: Product.ID, error: any Error) {
            let line = "failed \(productID): \(error.localizedDescription)"
            calls.withLock { $0.append(line) }
        }

        func storefront(_ storefront: Storefront, didReportPurchasePending productID: Product.ID) {
            calls.withLock { $0.append("pending \(productID)") }
        }
    }

    /// Notifications received, as text.
    final class Observer: @unchecked Sendable {  // unchecked: the observer tokens are not Sendable, and are only kept
        private let received = Mutex<[String]>([])
        private var tokens: [any NSObjectProtocol] = []

        var log: [String] { received.withLock { $0 } }

        init(_ center: NotificationCenter) {
            let record: @Sendable (String) -> Void = { [unowned self] line in received.withLock { $0.append(line) } }
            tokens = [
                center.addObserver(forName: .storefrontDidUpdatePurchasedProducts, object: nil, queue: nil) { note in
                    let ids = note.userInfo?[StorefrontNotificationKey.purchasedProductIDs] as? Set<Product.ID> ?? []
                    record("updated [\(ids.sorted().joined(separator: ","))]")
                },
                center.addObserver(forName: .storefrontDidReportPurchaseFailure, object: nil, queue: nil) { note in
                    let id = note.userInfo?[StorefrontNotificationKey.productID] as? Product.ID ?? "?"
                    let error = note.userInfo?[StorefrontNotificationKey.error] as? any Error
                    record("failed \(id): \(error?.localizedDescription ?? "?")")
                },
                center.addObserver(forName: .storefrontDidReportPurchasePending, object: nil, queue: nil) { note in
                    record("pending \(note.userInfo?[StorefrontNotificationKey.productID] as? Product.ID ?? "?")")
                },
            ]
        }
    }

    let harness = Harness()
    var store: FakeStore { harness.store }
    var storefront: Storefront { harness.storefront }

    func buyOneOfEach() async throws {
        await storefront.start()
        try await storefront.purchase(Catalog.lifetime)
        try await storefront.purchase(Catalog.tip)
        await store.set(outcome: .cancel)
        try await storefront.purchase(Catalog.season)
        await store.set(outcome: .askToBuy)
        try await storefront.purchase(Catalog.season)
        await store.set(outcome: .fail(Product.PurchaseError.purchaseNotAllowed))
        try await storefront.purchase(Catalog.season)
    }

    let expected = [
        "updated []",
        "updated [pro.lifetime]",
        "updated [pro.lifetime]",
        "pending season.pass",
        "failed season.pass: Purchases are not allowed on this account.",
    ]

    @Test func delegateHearsOfOwnershipChangesPendingsAndFailures() async throws {
        let listener = Listener()
        await storefront.setDelegate(listener)
        try await buyOneOfEach()
        #expect(listener.log == expected)
    }

    @Test func notificationsCarryTheSameEvents() async throws {
        let observer = Observer(harness.notifications)
        try await buyOneOfEach()
        #expect(observer.log == expected)
    }

    @Test func delegateIsHeldWeakly() async throws {
        var listener: Listener? = Listener()
        await storefront.setDelegate(listener)
        weak let released = listener
        listener = nil
        #expect(released == nil)
        await storefront.start()
    }
}
