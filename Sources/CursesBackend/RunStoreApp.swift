import Foundation
import StorefrontModel
import TerminalUI

/// Runs the storefront app in this terminal until the customer quits: the frame loop of
/// `storefront run`, for a shop composed in Swift. The terminal is restored however it ends;
/// SIGTERM or SIGHUP ends it with `TerminalError.interrupted`.
///
/// Ctrl-C (a SIGINT) is the app's quit key, like q: while the store works on a purchase the
/// app asks first, and a second Ctrl-C at that question quits. A quit by Ctrl-C still ends
/// with `TerminalError.interrupted(signal: SIGINT)`, so the command exits 130 as shells expect.
///
/// Each turn it tells the app the time (spinners turn), draws the frame only when it
/// changed, and waits up to 50 ms for a key, so the loop never blocks on the store; what
/// the store or a finished effect changes ends that wait, so it is drawn at once.
///
/// `clusters` are the grapheme clusters the shop's names use whose width terminals
/// disagree on (`TerminalWidths.disputedClusters(in:)`): before the first frame, this
/// terminal is asked how wide it draws each (`CursesTerminal.measureWidths(of:)`) and the
/// app lays them out so.
///
/// ```swift
/// let store = LocalStore(catalog: catalog, ledger: try Ledger(location: .inMemory))
/// var options = AppOptions()
/// options.shopViews["tips"] = .store(tipJar)
/// try await runStoreApp(backend: store, layout: layout, options: options)
/// ```
@MainActor
public func runStoreApp(
    backend: any StoreBackend,
    layout: StoreLayout,
    options: AppOptions = AppOptions(),
    pressing startKeys: [Key] = [],
    measuringWidthsOf clusters: [Character] = []
) async throws {
    let terminalOptions = CursesTerminal.Options(color: options.render.color, mouse: options.mouse, interruptIsKey: true)
    try await withTerminal(terminalOptions) { terminal in
        TerminalWidths.record(terminal.measureWidths(of: clusters))
        let app = StoreApp(
            backend: backend, layout: layout,
            size: TerminalSize(width: terminal.area.width, height: terminal.area.height),
            options: options, clock: ContinuousClock(), epoch: Date()
        )
        let wakePipe = WakePipe()
        if let wakePipe { await app.whenChanged { wakePipe.wake() } }
        await app.start()
        for key in startKeys {
            await app.send(.key(key))
        }
        var shown: AppFrame?
        var lastKey: Key?
        while await !app.isFinished {
            await app.tick()
            let frame = await app.render()
            if frame.buffer != shown?.buffer || frame.cursor != shown?.cursor {
                terminal.draw(frame.buffer, cursor: frame.cursor)
                if shown == nil { releaseFreedMemory() }
                shown = frame
            }
            if let key = try terminal.readKey(timeout: .milliseconds(50), wakingOn: wakePipe) {
                lastKey = key
                await app.send(.key(key))
            }
        }
        if lastKey == .ctrl("c") { throw TerminalError.interrupted(signal: SIGINT) }
    }
}
