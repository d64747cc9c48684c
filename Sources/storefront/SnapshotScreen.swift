import Foundation
import StorefrontCommandLine
import StorefrontModel
import TerminalScripting
import TerminalUI

/// The screen `storefront snapshot` shows: the app over the store the options describe
/// (in memory unless `--ledger`), after a key script on a virtual clock, dates in UTC so
/// every machine prints the same bytes. Work that never settles is an error (exit 70).
///
/// ```swift
/// let screen = try await SnapshotScreen.render(storeOptions: options, screenOptions: screen,
///                                              size: TerminalSize(width: 80, height: 24), keys: try KeyScript("enter"))
/// ```
enum SnapshotScreen {
    static func render(
        storeOptions: StoreOptions, screenOptions: ScreenOptions, size: TerminalSize, keys: KeyScript, after pause: Duration? = nil
    ) async throws -> Buffer {
        var options = storeOptions
        if options.ledger == nil, options.store == nil { options.inMemory = true }
        let clock = VirtualClock()
        let store = try await options.makeStore(clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch))
        let catalog = store.catalog.catalog
        let layout = try screenOptions.loadLayout(catalog: catalog, catalogArgument: options.catalogOption.catalog, locale: options.locale)
        let appOptions = screenOptions.appOptions(store: store, locale: options.locale, timeZone: TimeZone(identifier: "UTC") ?? .current)
        let app = await HeadlessApp(size: size, backend: store, layout: layout, options: appOptions, clock: clock)
        await app.run(keys)
        if let pause { await app.wait(pause) }
        let screen = await app.render()
        // A screen drawn while work was still running is not the screen the keys lead to.
        if let timeout = app.settleTimeouts.first { throw CommandFailure("\(timeout)", exitCode: .software) }
        return screen
    }
}
