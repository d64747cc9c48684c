import StorefrontModel
import TerminalUI

/// What a tape plays against: the store, the shops to show, how to draw, and the store's
/// test controls. The tool that plays tapes builds it from the tape's `TapeSetup`.
///
/// ```swift
/// let player = TapePlayer(tape: tape) { setup, clock in
///     let store = LocalStore(catalog: catalog, ledger: try Ledger(location: .inMemory),
///                            clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch))
///     return TapeStage(backend: store, layout: StoreLayout(catalog: catalog, title: "Tip Jar"),
///                      controls: MyControls(store: store))
/// }
/// ```
public struct TapeStage: Sendable {
    public var backend: any StoreBackend
    public var layout: StoreLayout
    public var options: AppOptions
    public var controls: any TapeStoreControls

    public init(backend: any StoreBackend, layout: StoreLayout, options: AppOptions = AppOptions(), controls: any TapeStoreControls) {
        self.backend = backend
        self.layout = layout
        self.options = options
        self.controls = controls
    }
}

/// The store-side verbs of a tape, which reach past the app to the store's test controls.
/// A thrown error is reported with the tape line that caused it.
///
/// ```swift
/// struct Controls: TapeStoreControls {
///     let store: LocalStore
///     func apply(_ setting: TapeStoreSetting) async throws { … }  // edit store.controls
///     func buy(productID: String) async throws { _ = try await store.buy(productID) }
///     func approveAskToBuy() async throws { … }  // approve store.pendingRequests()
/// }
/// ```
public protocol TapeStoreControls: Sendable {
    /// `Set latency`, `Set ask-to-buy`, `Set fail`.
    func apply(_ setting: TapeStoreSetting) async throws
    /// `Buy`: records a purchase made elsewhere, without the app.
    func buy(productID: String) async throws
    /// `Approve`: approves every pending Ask to Buy request; throws when none is pending.
    func approveAskToBuy() async throws
    /// `Expire`: ends the subscription's period now, with auto-renew off.
    func expire(productID: String) async throws
    /// `Advance`, `PriceIncrease`, `Renew`, `Refund` … (every `TapeStoreEvent`): an event in a
    /// subscription's or a purchase's life.
    func perform(_ event: TapeStoreEvent) async throws
}

extension TapeStoreControls {
    /// A stage without subscriptions to expire refuses `Expire`.
    public func expire(productID: String) async throws {
        throw TapeExpireUnsupported(productID: productID)
    }

    /// A stage without subscriptions refuses their events.
    public func perform(_ event: TapeStoreEvent) async throws {
        throw TapeEventUnsupported()
    }
}

/// A subscription event on a stage whose store has no subscriptions to change.
struct TapeEventUnsupported: Error, CustomStringConvertible {
    var description: String { "this stage has no subscriptions to change" }
}

/// `Expire` on a stage whose store cannot expire subscriptions.
struct TapeExpireUnsupported: Error, CustomStringConvertible {
    let productID: String
    var description: String { "this stage cannot expire \(productID)" }
}
