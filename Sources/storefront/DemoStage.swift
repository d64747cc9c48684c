import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel
import TerminalScripting
import TerminalUI

/// What `storefront demo` plays a tape against, built as `storefront snapshot` builds its
/// app: a `LocalStore` with an in-memory ledger on the tape's virtual clock, the
/// catalog's layout, and the store's test controls for the tape's store commands.
///
/// ```swift
/// let stage = DemoStage(screenOptions: screenOptions)
/// let recording = try await TapePlayer(tape: tape, stage: stage.make).play()
/// ```
struct DemoStage: Sendable {
    let screenOptions: ScreenOptions
    /// The customer the tape's store serves; nil is `local`.
    var account: CustomerAccount?

    @Sendable func make(setup: TapeSetup, clock: VirtualClock) async throws -> TapeStage {
        var arguments = ["--in-memory"]
        if let account { arguments += ["--account", account.id] }
        if let catalog = setup.catalog { arguments += ["--catalog", try catalogArgument(catalog)] }
        if let storefront = setup.storefront {
            guard StorefrontCountry(countryCode: storefront.text) != nil else {
                throw TapeError(
                    file: storefront.file, line: storefront.line,
                    message: "unknown storefront \"\(storefront.text)\": use an ISO 3166 alpha-3 code such as USA, JPN or GBR"
                )
            }
            arguments += ["--storefront", storefront.text]
        }
        if let locale = setup.locale {
            guard LocaleArgument.isKnown(locale.text) else {
                throw TapeError(file: locale.file, line: locale.line, message: "unknown locale \"\(locale.text)\": \(LocaleArgument.expectation)")
            }
            arguments += ["--locale", locale.text]
        }
        arguments += try signedOfferArguments(setup)
        let storeOptions = try StoreOptions.parse(arguments)
        let store = try await storeOptions.makeStore(clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch))
        let catalog = store.catalog.catalog
        let locale = setup.locale?.text
        var options = screenOptions.appOptions(store: store, locale: locale, timeZone: TimeZone(identifier: "UTC") ?? .current)
        if let offer = setup.promotionalOffer { options.purchaseActions = options.purchaseActions.inAppPurchaseOptions(Self.applying(offer.text)) }
        return TapeStage(
            backend: store,
            layout: try screenOptions.loadLayout(catalog: catalog, catalogArgument: storeOptions.catalogOption.catalog, locale: locale),
            options: options,
            controls: DemoControls(store: store)
        )
    }

    /// The `--catalog` argument for the tape's `Catalog`: a file beside the tape that
    /// names it, else as written (a path from here, or a bundled name).
    private func catalogArgument(_ catalog: TapeValue) throws(TapeError) -> String {
        let beside = URL(fileURLWithPath: catalog.file).deletingLastPathComponent().appendingPathComponent(catalog.text).path
        let argument = !catalog.text.hasPrefix("/") && FileManager.default.fileExists(atPath: beside) ? beside : catalog.text
        guard BundledResources.catalogURL(argument) != nil else {
            throw TapeError(
                file: catalog.file, line: catalog.line,
                message: "no catalog \"\(catalog.text)\": not a file beside the tape, nor a bundled catalog (\(BundledResources.catalogHelp))"
            )
        }
        return argument
    }
}

/// A tape's store commands, on the local store's test controls.
struct DemoControls: TapeStoreControls {
    let store: LocalStore

    func apply(_ setting: TapeStoreSetting) async throws {
        var controls = await store.controls
        switch setting {
        case .latency(let latency):
            controls.latency = latency == .zero ? .none : .fixed(latency)
        case .askToBuy(let on):
            controls.askToBuy = on
        case .failing(nil):
            controls.failures = [:]
        case .billingRetry(let on):
            controls.billingRetryOnRenewal = on
        case .failing(let name?):
            guard let api = StoreAPI(rawValue: name) else {
                throw DemoControlError("unknown store API \"\(name)\"; use none or one of: " + StoreAPI.allCases.map(\.rawValue).joined(separator: ", "))
            }
            controls.failures[api] = api.defaultError
        }
        await store.setControls(controls)
    }

    /// Bought on another device, which delivers (finishes) it.
    func buy(productID: String) async throws {
        guard store.catalog.product(id: productID) != nil else {
            throw DemoControlError("unknown product \"\(productID)\": not in the catalog")
        }
        try await elsewhere {
            if case .success(.verified(let transaction)) = try await store.buy(productID) {
                try await store.finish(transaction)
            }
        }
    }

    /// Runs `body` as the store acting elsewhere (another device, the App Store itself): none
    /// of this device's latency, failures or Ask to Buy apply. (Latency would sleep on the
    /// tape's clock, which does not move while a store command runs.)
    private func elsewhere(_ body: () async throws -> Void) async throws {
        let controls = await store.controls
        var elsewhere = controls
        elsewhere.latency = .none
        elsewhere.failures = [:]
        elsewhere.askToBuy = false
        elsewhere.interruptedPurchases = false
        elsewhere.cancelsPurchases = false
        await store.setControls(elsewhere)
        do {
            try await body()
        } catch {
            await store.setControls(controls)
            throw error
        }
        await store.setControls(controls)
    }

    /// The subscription lapses: its period ends now and it does not renew.
    func expire(productID: String) async throws {
        do {
            try await store.expireSubscription(productID: productID)
        } catch Product.PurchaseError.productUnavailable {
            throw DemoControlError("nothing to expire: no subscription to \"\(productID)\" is in force")
        }
    }

    /// A subscription event, as the store acting elsewhere (`DemoControls+Events`).
    func perform(_ event: TapeStoreEvent) async throws {
        try await elsewhere { try await happen(event) }
    }

    func approveAskToBuy() async throws {
        let pending = try await store.pendingRequests()
        guard !pending.isEmpty else {
            throw DemoControlError("nothing to approve: no purchase is waiting for approval")
        }
        for request in pending {
            try await store.approveAskToBuy(requestID: request.id)
        }
    }
}

/// A store command a tape got wrong; the player adds the line.
struct DemoControlError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
