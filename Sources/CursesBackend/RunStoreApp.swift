import Foundation
import StorefrontModel
import TerminalUI

/// Runs the storefront app in this terminal until the customer quits: the frame loop of
/// `storefront run`, for a shop composed in Swift. The terminal is restored however it ends;
/// SIGTERM or SIGHUP ends it with `TerminalError.interrupted`.
///
/// SIGUSR1 says the store is closing (`serve --ssh` stopping): a notice on the bottom row
/// counts down `options.closingTime` in the customer's language (`ClosingNotice`); the
/// SIGHUP that follows then ends the app normally, with a farewell once the terminal is back.
///
/// Ctrl-C (a SIGINT) is the app's quit key, like q: while the store works on a purchase the
/// app asks first, and a second Ctrl-C at that question quits. A quit by Ctrl-C still ends
/// with `TerminalError.interrupted(signal: SIGINT)`, so the command exits 130 as shells expect.
/// However the app ends, a purchase the customer confirmed is finished with the store
/// (after the terminal is restored) before this returns.
///
/// Each turn it tells the app the time (spinners turn), draws the frame only when it
/// changed, and waits up to 50 ms for a key, so the loop never blocks on the store; what
/// the store or a finished effect changes ends that wait, so it is drawn at once.
///
/// `clusters` are the grapheme clusters the shop's names use whose width terminals
/// disagree on (`TerminalWidths.disputedClusters(in:)`): before the first frame, this
/// terminal is asked how wide it draws each (`CursesTerminal.measureWidths(of:)`) and the
/// app lays them out so. `measuringLater` finds more of them beside the frame loop (the
/// names of a catalog still building, `storefront run`): they are measured, and the screen
/// drawn again, at the turn after it returns; what it throws ends the app as an error.
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
    measuringWidthsOf clusters: [Character] = [],
    measuringLater: (@Sendable () async throws -> [Character])? = nil
) async throws {
    let terminalOptions = CursesTerminal.Options(color: options.render.color, mouse: options.mouse, interruptIsKey: true)
    var started: StoreApp?
    let farewell: String?
    do {
        farewell = try await withTerminal(terminalOptions) { terminal -> String? in
            TerminalWidths.record(terminal.measureWidths(of: clusters))
            let clock = ContinuousClock()
            let app = StoreApp(
                backend: backend, layout: layout,
                size: TerminalSize(width: terminal.area.width, height: terminal.area.height),
                options: options, clock: clock, epoch: Date()
            )
            started = app
            let wakePipe = WakePipe()
            if let wakePipe { await app.whenChanged { wakePipe.wake() } }
            let later = measuringLater.map { LateMeasurement($0) { wakePipe?.wake() } }
            await app.start()
            for key in startKeys {
                await app.send(.key(key))
            }
            var shown: Buffer?
            var shownCursor: Position?
            var lastKey: Key?
            var closing: ClosingNotice?
            do {
                while await !app.isFinished {
                    if let more = try later?.take()?.get() {
                        releaseFreedMemory()  // what building the catalog freed, as after the first frame
                        if !more.isEmpty {
                            TerminalWidths.record(terminal.measureWidths(of: more))
                            shown = nil  // measuring wrote on the screen: draw it all again
                        }
                    }
                    await app.tick()
                    if closing == nil, storeClosingAnnounced.load(ordering: .sequentiallyConsistent) {
                        closing = ClosingNotice(closingIn: options.closingTime, from: clock.now)
                    }
                    let frame = await app.render()
                    var buffer = frame.buffer
                    if let closing {
                        closing.draw(on: &buffer, at: clock.now, buying: await app.state.isBuying, language: options.render.language)
                    }
                    if buffer != shown || frame.cursor != shownCursor {
                        terminal.draw(buffer, cursor: frame.cursor)
                        if shown == nil { releaseFreedMemory() }
                        (shown, shownCursor) = (buffer, frame.cursor)
                    }
                    if let key = try terminal.readKey(timeout: .milliseconds(50), wakingOn: wakePipe) {
                        lastKey = key
                        await app.send(.key(key))
                    }
                }
            } catch TerminalError.interrupted(signal: SIGHUP) where closing != nil {
                // The server closed the store as it said it would: an ending, not a failure.
                return ClosingNotice.farewell(in: options.render.language)
            }
            if lastKey == .ctrl("c") { throw TerminalError.interrupted(signal: SIGINT) }
            return nil
        }
    } catch {
        await finishPurchases(of: started, language: options.render.language)
        throw error
    }
    await finishPurchases(of: started, language: options.render.language)
    if let farewell { print(farewell) }
}

/// However the app ended, a purchase the customer confirmed reaches the store before the
/// process ends, and the customer, back at the shell, is told why it has not yet.
private func finishPurchases(of app: StoreApp?, language: InterfaceLanguage) async {
    await app?.purchasesFinished {
        // Unbuffered: it is read while the purchase runs, not when the process ends.
        FileHandle.standardOutput.write(Data((language.text("Finishing your purchase in the store…") + "\n").utf8))
    }
}
