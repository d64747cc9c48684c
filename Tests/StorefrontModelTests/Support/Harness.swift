import Foundation
import StorefrontModel

/// A storefront over a fake store, both on one test clock that starts at `Catalog.epoch`.
struct Harness {
    let testClock = VirtualClock()
    let clock: StoreClock
    let store: FakeStore
    let storefront: Storefront
    let notifications = NotificationCenter()

    init(productCacheTimeToLive: Duration = .seconds(300), catalog: [Product] = Catalog.all) {
        clock = StoreClock(testClock, startingAt: Catalog.epoch)
        store = FakeStore(clock: clock, catalog: catalog)
        storefront = Storefront(
            backend: store, clock: clock,
            productCacheTimeToLive: productCacheTimeToLive,
            notificationCenter: notifications
        )
    }
}
